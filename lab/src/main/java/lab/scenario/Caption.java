package lab.scenario;

import lab.protocol.Lang;

/**
 * A text a scenario shows, in English and, where the file gives it, in Chinese: {@code say: "..."} or
 * {@code say: {en: "...", zh: "..."}}. A screen in Chinese shows the English one where there is no Chinese, rather
 * than nothing.
 *
 * @param zh null when the file gives English only
 */
public record Caption(String en, String zh) {

    public static Caption english(String en) {
        return new Caption(en, null);
    }

    public String in(Lang lang) {
        return lang == Lang.ZH && zh != null ? zh : en;
    }

    @Override
    public String toString() {
        return en;
    }
}
