package lab.guard;

/**
 * What a worker does around the job on every tick: the one abstraction the lab is about. One implementation
 * per mode, named after its mechanism.
 *
 * <p>Every guard answers the same three questions, in its Javadoc and in the lessons:
 * <ul>
 *   <li><b>the holder dies</b> — is the lock freed, and when (at once, at the TTL, never)?
 *   <li><b>the holder pauses</b> past its lease — can a second worker enter while the first still runs?
 *   <li><b>the store is down</b> — a guard fails closed: the tick is not run and {@link #run} returns
 *       {@link Outcome.Failed}; it never throws for a mechanism failure, and it recovers by itself when the
 *       server is back.
 * </ul>
 *
 * <p>The shape allows what later guards need: a guard may keep its lock after the job returns (hold until the
 * tick ends), renew it while the job runs (a watchdog thread of its own), and hand the job a fencing token
 * through the {@link Permit}.
 */
public interface Guard extends AutoCloseable {

    /**
     * Connects and checks that the mechanism answers. A worker acknowledges a switch only after this returns,
     * so the first guarded tick does not pay for class loading or connecting.
     */
    default void open() throws Exception {}

    /**
     * What opening this guard did that its switch should say, as {@code "; …"}: a server client rebuilt rather than
     * kept (Redisson's, whose {@code lockWatchdogTimeout} is set when the client is built); empty when nothing.
     */
    default String openedWith() {
        return "";
    }

    /** Runs {@code job} for {@code tick} if this worker may, and says what came of it. */
    Outcome run(Tick tick, Job job) throws InterruptedException;

    /**
     * The worker is stopping gracefully and its knobs say to give back what it holds: locks kept past their job
     * are released now, and runs still inside the job release theirs as soon as they end.
     */
    default void shutdown() {}

    /** Frees what {@link #open} took; a held lock is released or left to expire as the mechanism does. */
    @Override
    default void close() {}
}
