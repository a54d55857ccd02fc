package lab.worker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import lab.guard.Permit;
import lab.guard.Tick;
import lab.guard.Write;
import lab.store.CounterStore;
import lab.store.RunRecord;

/**
 * The job every worker's scheduler fires: note the start, work for the task time, write one row. One store
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
        synchronized (store) {
            store.insert(new RunRecord(tick.at(), started, created, worker, pid, mode), null);
        }
        return new Write.Written(started, created);
    }

    @Override
    public void close() {
        synchronized (store) {
            store.close();
        }
    }
}
