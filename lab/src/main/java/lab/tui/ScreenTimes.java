package lab.tui;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import lab.protocol.Durations;

/** ScreenTimes as the dashboard shows them: wall-clock in the trainer's zone, durations short. */
final class ScreenTimes {
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

    private ScreenTimes() {}

    static String tick(Instant t, ZoneId zone) {
        return SECONDS.format(t.atZone(zone));
    }

    static String millis(Instant t, ZoneId zone) {
        return MILLIS.format(t.atZone(zone));
    }

    static String duration(Duration d) {
        return d == null ? "-" : Durations.format(d);
    }

    /** A remaining TTL to a tenth of a second: {@code 4.9s}; a second is the granularity a reader follows. */
    static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
    }
}
