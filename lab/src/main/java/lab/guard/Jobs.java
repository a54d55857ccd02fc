package lab.guard;

import java.sql.SQLException;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import lab.protocol.WorkerFact;

/**
 * Runs the job for a guard that decided this worker may, and turns what happened into an {@link Outcome} in the
 * same words for every mechanism: only how it ran ({@code ranHow}) differs between them.
 */
public final class Jobs {
    private Jobs() {}

    /**
     * @param ranHow how it ran, for the executed sentence: {@code ran holding advisory lock 42}
     * @param lease   the grant of the lock it ran under ({@code key}, {@code owner}, a token), null with no lock
     * @param idemKey the idempotency key its row carries, null outside mode {@code idempotent}
     */
    /** Why a lower token can reach the store: the worker cannot tell which, so the sentence names both. */
    private static final String SINCE =
            "(another worker was granted the lock after this one: its lease ran out, or its server forgot it)";

    public static Outcome run(
            String worker, Job job, Tick tick, Permit permit, String ranHow, LockFact.Acquired lease, String idemKey) {
        String key = lease == null ? null : lease.key();
        String owner = lease == null ? null : lease.owner();
        try {
            Write write = job.run(tick, permit);
            if (write instanceof Write.Refused refused) {
                return new Outcome.Refused(
                        worker + " - " + ranHow + "; the store refused the write: token " + refused.token()
                                + " is lower than " + refused.lastToken()
                                + ", the last it accepted " + SINCE,
                        new WorkerFact.Refused(
                                refused.startedAt(),
                                refused.endedAt(),
                                key,
                                owner,
                                null,
                                refused.token(),
                                refused.lastToken(),
                                false));
            }
            if (write instanceof Write.NotWritten kept) {
                // Refused, as the store decided; the run is told apart from a fencing refusal by idem_key and wrote.
                return new Outcome.Refused(
                        worker + " - " + ranHow + "; the write did nothing: " + kept.why(),
                        new WorkerFact.Refused(
                                kept.startedAt(), kept.endedAt(), null, null, idemKey, null, null, false));
            }
            if (write instanceof Write.AlreadyThere) {
                return new Outcome.Skipped(
                        worker + " - the tick already had a row (checked before writing): nothing written",
                        WorkerFact.Skipped.because(WorkerFact.SkipReason.RECHECK));
            }
            Write.Written written = (Write.Written) write;
            return new Outcome.Executed(
                    worker + " - " + ranHow,
                    new WorkerFact.Executed(
                            written.startedAt(),
                            written.endedAt(),
                            key,
                            owner,
                            idemKey,
                            lease == null ? null : lease.token()));
        } catch (InterruptedException e) {
            // The worker is stopping; the flag stays set for the caller to see.
            Thread.currentThread().interrupt();
            return new Outcome.Failed(worker + " - interrupted inside the job: the worker is stopping");
        } catch (Exception e) {
            // The store out of reach (a restart, an outage) is a fact the explainer reads: fail closed, as a lock
            // server down is; any other failure is the job's own.
            return storeDown(e)
                    ? new Outcome.Failed(
                            worker + " - job ran but could not write its row: the store could not be reached ("
                                    + e.getMessage() + ")",
                            GivenBack.Error.because(GivenBack.ErrorReason.STORE_DOWN))
                    : new Outcome.Failed(worker + " - job failed: " + e.getMessage());
        }
    }

    /**
     * A connection failure (SQLSTATE class 08) or the server going away or not yet accepting (class 57: "terminating
     * connection due to administrator command", "the database system is starting up").
     */
    static boolean storeDown(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (state.startsWith("08") || state.startsWith("57")) {
                    return true;
                }
            }
        }
        return false;
    }
}
