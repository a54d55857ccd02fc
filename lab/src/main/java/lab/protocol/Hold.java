package lab.protocol;

import java.time.Duration;

/**
 * How long a lock is kept at the least once taken, whether or not the job is done: {@code 0} (given back when the
 * job ends), a duration (as ShedLock's {@code lockAtLeastFor}), or {@code window} (until the tick's window ends).
 * A lock stops two workers running at the same time, not one after the other: holding it past the spread of the
 * workers' fire times is what makes it one run per tick.
 *
 * @param window   held until the end of the tick's window
 * @param atLeast  otherwise, held this long from its taking ({@code 0}: not held past the job)
 */
public record Hold(boolean window, Duration atLeast) {
    public static final Hold NONE = new Hold(false, Duration.ZERO);
    public static final Hold WINDOW = new Hold(true, Duration.ZERO);

    public static Hold of(Duration atLeast) {
        return atLeast.isZero() ? NONE : new Hold(false, atLeast);
    }

    static Hold parse(String text) {
        return "window".equals(text) ? WINDOW : of(Durations.parse(text));
    }

    public boolean none() {
        return !window && atLeast.isZero();
    }

    @Override
    public String toString() {
        return window ? "window" : Durations.format(atLeast);
    }
}
