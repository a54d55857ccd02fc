package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LangTest {

    @ParameterizedTest(name = "LC_ALL={0} LC_MESSAGES={1} LANG={2} -> {3}")
    @CsvSource({
        "'', '', zh_CN.UTF-8, ZH",
        "'', '', zh_TW.UTF-8, ZH",
        "'', '', zh, ZH",
        "'', '', en_US.UTF-8, EN",
        "'', '', C.UTF-8, EN",
        "'', '', '', EN",
        "C, '', zh_CN.UTF-8, EN",
        "'', zh_CN.UTF-8, en_US.UTF-8, ZH",
        "zh_SG.UTF-8, en_US.UTF-8, en_US.UTF-8, ZH",
        "'', '', zhx_YZ, EN",
    })
    void the_locale_decides_as_gettext_does_lc_all_then_lc_messages_then_lang(
            String lcAll, String lcMessages, String lang, Lang expected) {
        Map<String, String> env = Map.of("LC_ALL", lcAll, "LC_MESSAGES", lcMessages, "LANG", lang);

        assertThat(Lang.fromLocale(env)).isEqualTo(expected);
    }
}
