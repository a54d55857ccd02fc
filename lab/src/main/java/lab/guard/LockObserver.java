package lab.guard;

/** Reads a lock from outside the workers, from the lock's own server, as a learner would with its client. */
public interface LockObserver extends AutoCloseable {
    /** Where the lab's lock servers are, and the job whose lock is watched. */
    record Where(String redisUrl, String pgUrl, String job) {}

    /** The holder now; throws {@link IllegalStateException} naming the reason when the server cannot be asked. */
    LockState observe();

    @Override
    void close();
}
