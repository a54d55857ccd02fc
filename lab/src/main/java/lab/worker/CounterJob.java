package lab.worker;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import lab.guard.Permit;
import lab.guard.Tick;
import lab.guard.Write;
import lab.protocol.Secrets;
import lab.store.CounterStore;
import lab.store.FencedWrite;
import lab.store.RunRecord;

/**
 * The job every worker's scheduler fires: note the start, work for the task time, write one row (with the
 * permit's idempotency key, if any), and note the run in job_runs whatever became of the row. One store
 * connection per worker, as one app process would hold: runs of one worker that overlap take turns for it only to
 * check and to write, never for the work in between.
 */
final class CounterJob implements AutoCloseable {
    private final String worker;
    private final long pid;
    private final Clock clock;
    private final CounterStore store;

    CounterJob(String worker, long pid, String storeUrl, Clock clock) {
        this.worker = worker;
        this.pid = pid;
        this.clock = clock;
        this.store = new CounterStore(storeUrl);
    }

    /**
     * Connects to the store before the first tick. A store that cannot be reached now is not fatal: the worker
     * starts, says why on stderr, and its first write tries again (and fails closed if it is still down).
     */
    void connect() {
        synchronized (store) {
            try {
                store.open();
            } catch (Exception e) {
                System.err.println(worker + " - store not reachable at start, the first write tries again: "
                        + Secrets.mask(e.getMessage()));
            }
        }
    }

    /**
     * Writes a fencing token down as issued to this worker, before the run that carries it (the guard's
     * {@link lab.guard.TokenLedger}); answers who had it first if it had been issued before.
     */
    Optional<String> issueToken(long token, Tick tick) throws SQLException {
        synchronized (store) {
            return store.issueToken(token, worker, pid, tick.at(), clock.instant());
        }
    }

    /** Runs once, and says what became of its write. */
    Write run(Tick tick, Permit permit, Duration taskTime, String mode) throws Exception {
        if (permit.recheck()) {
            synchronized (store) {
                if (store.rowsForTick(tick.at()) > 0) {
                    return new Write.AlreadyThere();
                }
            }
        }
        Instant started = clock.instant();
        if (!taskTime.isZero()) {
            Thread.sleep(taskTime.toMillis());
        }
        Instant created = clock.instant();
        RunRecord run = new RunRecord(tick.at(), started, created, worker, pid, mode);
        if (permit.fencingToken().isPresent()) {
            FencedWrite fenced;
            synchronized (store) {
                fenced = store.insertFenced(run, permit.fencingToken().getAsLong());
                record(run, fenced.written());
            }
            return fenced.written()
                    ? new Write.Written(started, created)
                    : new Write.Refused(started, created, fenced.token(), fenced.lastToken());
        }
        String key = permit.idempotencyKey().orElse(null);
        boolean wrote;
        synchronized (store) {
            wrote = store.insert(run, key);
            record(run, wrote);
        }
        return wrote
                ? new Write.Written(started, created)
                : new Write.NotWritten(
                        started, created, "idempotency key " + key + " already written (" + store.conflictRule() + ")");
    }

    /**
     * Notes the run in job_runs, so the store can say how often the job ran, not only how many rows it kept. A run
     * the table cannot note is still a run: the tick's outcome stands, and the failure is said on stderr.
     */
    private void record(RunRecord run, boolean wrote) {
        try {
            store.recordRunAfterWrite(run, wrote);
        } catch (Exception e) {
            System.err.println(
                    worker + " - run of tick " + run.tickAt() + " not recorded in job_runs: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        synchronized (store) {
            store.close();
        }
    }
}
