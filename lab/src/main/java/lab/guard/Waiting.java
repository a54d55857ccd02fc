package lab.guard;

import java.time.Duration;
import java.time.Instant;

/**
 * How a mechanism that waits for a held lock waits: it tries again every {@link #POLL} until its wait is over, and its
 * refusal says how long it waited.
 */
public final class Waiting {
    /** How often a waiting worker tries again: often enough to take a freed lock soon, rarely enough to cost nothing. */
    public static final Duration POLL = Duration.ofMillis(50);

    private Waiting() {}

    /** Sleeps one {@link #POLL}, or what is left of the wait if less (1 ms at the least). */
    public static void untilNextTry(Instant now, Instant until) throws InterruptedException {
        Thread.sleep(Math.min(
                POLL.toMillis(), Math.max(1, Duration.between(now, until).toMillis())));
    }

    /** The refusal's tail: {@code ", after waiting 120 ms"} when the worker waited at all ({@code wait} above 0). */
    public static String after(Duration wait, long waitedMs) {
        return wait.isZero() ? "" : ", after waiting " + waitedMs + " ms";
    }
}
