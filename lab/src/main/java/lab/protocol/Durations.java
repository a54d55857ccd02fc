package lab.protocol;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as a trainer types them: {@code 200ms}, {@code 2s}, {@code 1.5s}, {@code 1m}, {@code 0}. */
public final class Durations {
    /** Longer than any lesson, short of an overflow: a day. */
    public static final Duration MAX = Duration.ofHours(24);
    /** The shortest tick period: shorter ones flood a small machine with JVMs firing and say nothing more. */
    public static final Duration MIN_PERIOD = Duration.ofMillis(100);

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    private Durations() {}

    /**
     * Parses a duration; the message of the exception says what was expected, so that callers can put it
     * behind the name of the field as it is.
     */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.trim();
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not a duration (expected a number and a unit: 500ms, 2s, 1.5s, 1m)");
        }
        double amount = Double.parseDouble(m.group(1));
        double millis =
                switch (m.group(2)) {
                    case "ms" -> amount;
                    case "s" -> amount * 1_000;
                    case "m" -> amount * 60_000;
                    default -> amount * 3_600_000;
                };
        if (millis > MAX.toMillis()) {
            throw new IllegalArgumentException("'" + text + "' is longer than a day (expected at most 24h)");
        }
        if (millis != Math.rint(millis)) {
            throw new IllegalArgumentException("'" + text + "' is finer than a millisecond");
        }
        return Duration.ofMillis((long) millis);
    }

    /** The shortest readable form: {@code 200ms}, {@code 2s}, {@code 1.5s}, {@code 1m}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0) {
            return "0";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        if (ms > 1_000 && ms % 100 == 0) {
            return (ms / 1_000) + "." + (ms % 1_000) / 100 + "s";
        }
        return ms + "ms";
    }

    /**
     * A clock's offset as a trainer types it: {@code +3s}, {@code -2s}, {@code 500ms} (ahead), {@code 0}; at most a
     * day either way.
     */
    public static Duration parseSigned(String text) {
        String t = text == null ? "" : text.trim();
        boolean behind = t.startsWith("-");
        try {
            Duration d = parse(t.startsWith("+") || behind ? t.substring(1) : t);
            return behind ? d.negated() : d;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a clock offset (expected a sign, a number and a"
                    + " unit, such as +3s, -2s or +500ms, at most a day, or 0)");
        }
    }

    /** {@code +3s}, {@code -2s}, {@code +500ms}, {@code 0}. */
    public static String formatSigned(Duration d) {
        return d.isZero() ? "0" : (d.isNegative() ? "-" : "+") + format(d.abs());
    }
}
