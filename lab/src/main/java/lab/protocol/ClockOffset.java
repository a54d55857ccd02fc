package lab.protocol;

import java.time.Instant;

/**
 * How far a worker's clock is from the launcher's, estimated the way NTP does from one exchange: the launcher's
 * time is taken to be read halfway through the round trip, so the error bound is half the round trip.
 *
 * @param millis      the launcher's clock minus the worker's
 * @param errorMillis the bound on that estimate's error
 */
public record ClockOffset(long millis, long errorMillis) {
    /** From one exchange: sent at {@code sent} and answered at {@code received} by the worker's clock. */
    public static ClockOffset of(Instant sent, Instant launcherNow, Instant received) {
        long sentMs = sent.toEpochMilli();
        long receivedMs = received.toEpochMilli();
        long half = Math.max(0, receivedMs - sentMs) / 2;
        // Rounded up: a round trip of 1 ms is not known to better than 1 ms.
        long error = (Math.max(0, receivedMs - sentMs) + 1) / 2;
        return new ClockOffset(launcherNow.toEpochMilli() - (sentMs + half), error);
    }

    /** Whether {@code other} is a better estimate: the one with the shorter round trip is the one to trust. */
    public boolean worseThan(ClockOffset other) {
        return other.errorMillis < errorMillis;
    }

    /** {@code +3 ms (±1 ms)}. */
    @Override
    public String toString() {
        return (millis >= 0 ? "+" : "") + millis + " ms (±" + errorMillis + " ms)";
    }
}
