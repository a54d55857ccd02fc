package lab.guard;

import java.time.Duration;

/**
 * What one lock mechanism knows: its commands and its sentences, nothing of when they are called. The order —
 * acquire, the job, give back — is {@link LeaseGuard}'s, the same for every mechanism.
 *
 * <p>Each implementation's Javadoc answers the three questions of {@link Guard}: what happens when the holder dies,
 * when it pauses past its lease, and when the mechanism's server is down.
 */
public interface LockMechanism<L extends Lease> extends AutoCloseable {
    /** Connects and checks that the mechanism answers; throws saying why not. */
    default void open() throws Exception {}

    /** Tries once to take the lock for {@code tick}; never throws for a mechanism failure (that is Broken). */
    Attempt<L> acquire(Tick tick) throws InterruptedException;

    /** Gives the lock back now, and says how that went. */
    LockEvent release(L lease);

    /**
     * Gives the lock back once {@code hold} has passed, not before (a lock held to the end of its tick, or at least
     * for a while): a lock that expires is left to expire then, one that cannot is held until then by this thread.
     * A hold of zero or less is {@link #release}. By default the lock cannot expire, so the thread that holds it waits.
     */
    default LockEvent releaseAfter(L lease, Duration hold) throws InterruptedException {
        if (hold.toMillis() > 0) {
            Thread.sleep(hold.toMillis());
        }
        return release(lease);
    }

    /**
     * Extends the lease by its whole term from now, while the job runs; false once the lock is no longer this
     * lease's (it expired, or someone deleted it). By default the lock does not expire: it stays held, true.
     */
    default boolean extend(L lease) {
        return true;
    }

    /** Frees what {@link #open} took. */
    @Override
    default void close() {}
}
