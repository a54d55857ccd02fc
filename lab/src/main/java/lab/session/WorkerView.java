package lab.session;

/**
 * One worker's row on the dashboard.
 *
 * @param state starting, up, paused, killed or exited
 * @param lastOutcome the last tick's outcome: executed, skipped, error or none
 * @param holdsLock the worker holds the lock now, as read from the outside (Redis, pg_locks) or from its events
 * @param selected the arrow keys chose it: k, p and r act on it (none selected: on the lock holder)
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
        boolean selected) {}
