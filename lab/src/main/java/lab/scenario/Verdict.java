package lab.scenario;

import lab.protocol.Lang;

/**
 * What one expectation concluded, with the figures that decided it:
 * {@code duplicate_ticks: expected 0, got 3 (over 5 ticks)}.
 *
 * @param zh the same in Chinese, for a screen in Chinese; null where only the English exists (the figure names are
 *           the same in both: they are the file's words; a cause's evidence is the checker's Chinese twin of its
 *           English sentence)
 */
public record Verdict(boolean passed, String message, String zh) {

    public static Verdict pass(String message) {
        return new Verdict(true, message, null);
    }

    public static Verdict fail(String message) {
        return new Verdict(false, message, null);
    }

    static Verdict of(boolean passed, String message, String zh) {
        return new Verdict(passed, message, zh);
    }

    /** {@code PASS ...} or, in Chinese, {@code 通过 ...}: a verdict line as a screen in {@code lang} shows it. */
    public String line(Lang lang) {
        String said = lang == Lang.ZH && zh != null ? zh : message;
        return lang.pick(passed ? "PASS " : "FAIL ", passed ? "通过 " : "未通过 ") + said;
    }

    @Override
    public String toString() {
        return line(Lang.EN);
    }
}
