package lab.guard;

import java.util.OptionalLong;

/**
 * The round trip after a release, for the benchmark: one cheap call ({@code PING}, {@code SELECT 1}) on the client the
 * lock's calls take their connections from, timed in µs. It measures and never decides a tick: a call that fails gives
 * no figure, not an error.
 */
public final class RoundTrip {
    /** One call to the lock's server; false when it did not answer. */
    @FunctionalInterface
    public interface Call {
        boolean answered() throws Exception;
    }

    private RoundTrip() {}

    /** How long {@code call} took, in µs; empty when it failed or did not answer. */
    public static OptionalLong us(Call call) {
        long start = System.nanoTime();
        try {
            return call.answered() ? OptionalLong.of((System.nanoTime() - start) / 1000) : OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        } catch (Exception e) {
            return OptionalLong.empty();
        }
    }
}
