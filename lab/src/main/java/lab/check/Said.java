package lab.check;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * The times of one sentence, in UTC: a tick as {@code HH:mm:ss}, an instant as {@code .SSS} when it falls in the
 * same second as the time said before it (else in full), so that a sentence reads like a stopwatch, not a log.
 * One per sentence: it remembers the last time it said. A rule formats each time once, in the order its English says
 * them, and puts the same string into the Chinese twin ({@link Evidence}), so both show the same times.
 */
final class Said {
    private static final DateTimeFormatter SECOND =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MILLI =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private Instant reference;

    /** A sentence whose first instant is read against {@code reference} (the tick it is about). */
    Said(Instant reference) {
        this.reference = reference;
    }

    /** A tick window's start, to the second. */
    static String tick(Instant tick) {
        return SECOND.format(tick);
    }

    /** An instant: short when in the reference's second. */
    String at(Instant t) {
        boolean sameSecond = t.truncatedTo(ChronoUnit.SECONDS).equals(reference.truncatedTo(ChronoUnit.SECONDS));
        reference = t;
        return sameSecond ? MILLI.format(t).substring(8) : MILLI.format(t);
    }

    /** Whole milliseconds from {@code a} to {@code b}. */
    static long ms(Instant a, Instant b) {
        return b.toEpochMilli() - a.toEpochMilli();
    }
}
