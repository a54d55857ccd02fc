package lab.protocol;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The language the dashboard and a scenario's captions speak. The workers' event lines, the summary and the
 * recording stay in English whatever it is: they are the log, the words a failing test and a bug report quote.
 */
public enum Lang {
    EN,
    ZH;

    /** {@code zh}, as {@code --lang} takes it and a scenario's {@code say: {zh: ...}} names it. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Lang> byCode(String code) {
        return Arrays.stream(values()).filter(l -> l.code().equals(code)).findFirst();
    }

    /** {@code en or zh}: the codes as a refusal of {@code --lang} says what it expected. */
    public static String codes() {
        return Arrays.stream(values()).map(Lang::code).collect(Collectors.joining(" or "));
    }

    /**
     * The locale's choice, as gettext makes it: {@code LC_ALL}, then {@code LC_MESSAGES}, then {@code LANG};
     * {@code zh_CN.UTF-8}, {@code zh_TW} or {@code zh} give Chinese, anything else (C, POSIX, unset) English.
     */
    public static Lang fromLocale(Map<String, String> env) {
        for (String name : new String[] {"LC_ALL", "LC_MESSAGES", "LANG"}) {
            String value = env.get(name);
            if (value != null && !value.isEmpty()) {
                String v = value.toLowerCase(Locale.ROOT);
                return v.equals("zh") || v.startsWith("zh_") || v.startsWith("zh.") ? ZH : EN;
            }
        }
        return EN;
    }

    /** {@code en} or {@code zh} as this language reads: the one place a pair of texts is chosen between. */
    public String pick(String en, String zh) {
        return this == ZH ? zh : en;
    }

    @Override
    public String toString() {
        return code();
    }
}
