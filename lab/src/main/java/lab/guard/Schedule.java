package lab.guard;

/**
 * What replaces a worker's own scheduler in a mode that {@link lab.protocol.Mode.Scheduling#OWNS_THE_SCHEDULE owns the
 * schedule}: a scheduler that decides with the others which worker fires (Quartz's clustered JDBC job store), and
 * hands each fire it makes here to the worker's tick path through {@link Fires}. The worker runs one scheduler at a
 * time: its own, or the mode's.
 */
public interface Schedule {
    /** Starts firing. Throws, saying why, when its server cannot be reached: the worker keeps the scheduler it had. */
    void start() throws Exception;

    /** Stops firing and waits for the runs in progress to write their rows. */
    void shutdown();
}
