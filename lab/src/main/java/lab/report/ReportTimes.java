package lab.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The report's times, in UTC as the explainer's sentences say them, so that a mark and its sentence agree. */
final class ReportTimes {
    private static final DateTimeFormatter SECOND =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MILLI =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private ReportTimes() {}

    static String at(Instant t) {
        return MILLI.format(t);
    }

    static String second(Instant t) {
        return SECOND.format(t);
    }
}
