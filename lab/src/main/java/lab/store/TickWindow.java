package lab.store;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * One tick window: {@code [start, end)}, where {@code start} is a whole multiple of the period since the epoch,
 * the counter table's {@code tick_at}. The one place of the window arithmetic: the worker stamps its rows with it
 * and the checker counts by it, so the two can never disagree on which window a run belongs to.
 */
public record TickWindow(Instant start, Instant end) {
    /** The window that {@code at} falls in. */
    public static TickWindow containing(Instant at, Duration period) {
        long p = period.toMillis();
        Instant start = Instant.ofEpochMilli(Math.floorDiv(at.toEpochMilli(), p) * p);
        return new TickWindow(start, start.plus(period));
    }

    /** The first window that starts at or after {@code at}, to the millisecond (as the table's times are). */
    public static TickWindow firstFrom(Instant at, Duration period) {
        Instant ms = at.truncatedTo(ChronoUnit.MILLIS);
        TickWindow w = containing(ms, period);
        return w.start().equals(ms) ? w : w.next(period);
    }

    /** The window right after this one. */
    public TickWindow next(Duration period) {
        return new TickWindow(end, end.plus(period));
    }
}
