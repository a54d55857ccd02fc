package lab.worker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import lab.guard.Permit;
import lab.guard.Tick;
import lab.store.CounterStore;

/**
 * The job every worker's scheduler fires: note the start, work for the task time, write one row. Each scheduler
 * thread keeps its own store connection, since two runs of one worker may overlap.
 */
final class CounterJob {
    private final String worker;
    private final long pid;
    private final String storeUrl;
    private final Clock clock;
    private final ThreadLocal<CounterStore> stores;

    CounterJob(String worker, long pid, String storeUrl, Clock clock) {
        this.worker = worker;
        this.pid = pid;
        this.storeUrl = storeUrl;
        this.clock = clock;
        this.stores = ThreadLocal.withInitial(() -> new CounterStore(storeUrl));
    }

    /** Runs once; false when the permit asked for a re-check and the tick already had a row. */
    boolean run(Tick tick, Permit permit, Duration taskTime, Supplier<String> mode) throws Exception {
        CounterStore store = stores.get();
        if (permit.recheck() && store.rowsForTick(tick.at()) > 0) {
            return false;
        }
        Instant started = clock.instant();
        if (!taskTime.isZero()) {
            Thread.sleep(taskTime.toMillis());
        }
        store.insert(clock.instant(), tick.at(), started, worker, pid, mode.get());
        return true;
    }

    String storeUrl() {
        return storeUrl;
    }
}
