package lab.session;

/**
 * One worker's row on the dashboard.
 *
 * @param state starting, up, paused, killed or exited
 * @param lastOutcome the last tick's outcome: executed, skipped, error or none
 * @param holdsLock the worker holds the lock now, as read from the outside (Redis, pg_locks) or from its events
 * @param selected the arrow keys chose it: k, p and r act on it (none selected: r on a worker that is down, else
 *     each on the lock holder)
 * @param exitCode the exit code of a worker that ended on its own, else empty
 * @param host the simulated host it runs on, or empty when the lab has one host only
 * @param skew its wall clock's offset from the machine's as the lab set it ({@code +3s}), or empty
 */
public record WorkerView(
        String id,
        long pid,
        int port,
        String state,
        String mode,
        String lastOutcome,
        long executed,
        long skipped,
        long errors,
        boolean holdsLock,
        boolean selected,
        String exitCode,
        String host,
        String skew) {
    /** On the machine's clock. */
    public WorkerView(
            String id,
            long pid,
            int port,
            String state,
            String mode,
            String lastOutcome,
            long executed,
            long skipped,
            long errors,
            boolean holdsLock,
            boolean selected,
            String exitCode,
            String host) {
        this(
                id,
                pid,
                port,
                state,
                mode,
                lastOutcome,
                executed,
                skipped,
                errors,
                holdsLock,
                selected,
                exitCode,
                host,
                "");
    }

    public WorkerView(
            String id,
            long pid,
            int port,
            String state,
            String mode,
            String lastOutcome,
            long executed,
            long skipped,
            long errors,
            boolean holdsLock,
            boolean selected) {
        this(id, pid, port, state, mode, lastOutcome, executed, skipped, errors, holdsLock, selected, "", "");
    }
}
