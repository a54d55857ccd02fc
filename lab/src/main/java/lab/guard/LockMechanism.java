package lab.guard;

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

    /** Frees what {@link #open} took. */
    @Override
    default void close() {}
}
