package lab.guard;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * What one lock mechanism knows: its commands and its sentences, nothing of when they are called. The order —
 * acquire, the job, give back, and the policies around them (hold, renew, release on shutdown) — is
 * {@link LeaseGuard}'s, the same for every mechanism.
 *
 * <p>Each implementation's Javadoc answers the three questions of {@link Guard}: what happens when the holder dies,
 * when it pauses past its lease, and when the mechanism's server is down.
 */
public interface LockMechanism<L extends Lease> extends AutoCloseable {
    /** Connects and checks that the mechanism answers; throws saying why not. */
    default void open() throws Exception {}

    /** What {@link #open} did that the switch should say ({@link Guard#openedWith}); empty when nothing. */
    default String openedWith() {
        return "";
    }

    /** Tries once to take the lock for {@code tick}; never throws for a mechanism failure (that is Broken). */
    Attempt<L> acquire(Tick tick) throws InterruptedException;

    /** Gives the lock back now, and says how that went. */
    LockEvent release(L lease);

    /**
     * Whether the lock expires by itself (a lease with a TTL). One that does is held past the job by setting its
     * expiry ({@link #expireAt}); one that does not is held by the thread that took it, waiting.
     */
    default boolean expires() {
        return false;
    }

    /**
     * Extends the lease to end {@code in} from now, if it is still ours, while the job runs: renewed, or lost when it
     * was no longer ours. Only for a mechanism that {@link #expires}.
     */
    default LockEvent renew(L lease, Duration in) {
        throw new UnsupportedOperationException("this lock does not expire");
    }

    /**
     * Leaves the lease to expire at {@code at} instead of deleting it, if it is still ours (released,
     * {@code how: expires}); lost when it was no longer ours. An instant, not a span: a span is counted from when the
     * server reads it, and on a busy machine that is late enough to carry the key past the window's end.
     */
    default LockEvent expireAt(L lease, Instant at) {
        throw new UnsupportedOperationException("this lock does not expire");
    }

    /** The lease's term: how long {@link #renew} extends it on each renewal. */
    default Duration term() {
        return Duration.ZERO;
    }

    /**
     * One round trip to the lock's server on the client the lock calls use, timed in µs ({@code PING} on Redis,
     * {@code SELECT 1} on PostgreSQL), or empty for a lock on no server or when the call failed: the floor the lock's
     * own calls stand on, timed where they are, for the benchmark.
     */
    default OptionalLong roundTripUs() {
        return OptionalLong.empty();
    }

    /** Frees what {@link #open} took. */
    @Override
    default void close() {}
}
