package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GlyphsTest {

    @Test
    void a_UTF8_locale_gets_the_times_sign_and_any_other_gets_a_letter_x() {
        assertThat(Glyphs.fromLocale(Map.of("LANG", "en_US.UTF-8"), StandardCharsets.US_ASCII)
                        .times())
                .isEqualTo("×");
        assertThat(Glyphs.fromLocale(Map.of("LANG", "C"), StandardCharsets.UTF_8)
                        .times())
                .isEqualTo("x");
    }

    @Test
    void LC_ALL_wins_over_LANG_as_in_C_programs() {
        assertThat(Glyphs.fromLocale(Map.of("LC_ALL", "C", "LANG", "de_DE.utf8"), StandardCharsets.UTF_8))
                .isEqualTo(Glyphs.ASCII);
        assertThat(Glyphs.fromLocale(Map.of("LC_CTYPE", "C.UTF-8", "LANG", "C"), StandardCharsets.US_ASCII))
                .isEqualTo(Glyphs.UNICODE);
    }

    @Test
    void with_no_locale_set_the_JVM_charset_decides() {
        assertThat(Glyphs.fromLocale(Map.of(), StandardCharsets.UTF_8)).isEqualTo(Glyphs.UNICODE);
        assertThat(Glyphs.fromLocale(Map.of(), StandardCharsets.ISO_8859_1)).isEqualTo(Glyphs.ASCII);
    }
}
