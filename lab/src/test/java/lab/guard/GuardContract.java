package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The contract every guard passes, inside one JVM: several "workers" (threads, each with its own guard, as each
 * worker process builds its own) fire the same ticks at the same instant against the real server. The job adds
 * to a counter by read, sleep, write — so runs that overlap lose updates — and the exact figures are asserted.
 * A mechanism's test says only how to build its guard and how many runs per tick it must allow.
 */
abstract class GuardContract {
    static final int WORKERS = 4;
    static final int TICKS = 3;
    static final long TASK_MS = 200;

    /** A guard as worker {@code worker} (pid {@code pid}) would build it. */
    abstract Guard build(String worker, long pid);

    /** How many of the {@value WORKERS} workers run each tick under this guard. */
    abstract int runsPerTick();

    /** Whether the runs of one tick may be inside the job at the same moment. */
    boolean mayOverlap() {
        return false;
    }

    @Test
    void every_tick_runs_exactly_as_often_as_the_mechanism_allows_and_the_counter_is_exact() throws Exception {
        List<Guard> guards = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            Guard g = build("w" + w, 1000 + w);
            g.open();
            guards.add(g);
        }
        Set<Instant> ticksWithARow = ConcurrentHashMap.newKeySet();
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger maxInside = new AtomicInteger();
        // Read, sleep, write: two runs inside the job at once lose an update, as two sends of one e-mail would.
        AtomicInteger counter = new AtomicInteger();
        List<Integer> runsPerTick = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
        try {
            for (int t = 0; t < TICKS; t++) {
                Tick tick = new Tick(Instant.ofEpochSecond(1_000_000 + t), Instant.now(), "contract-" + getClass().getSimpleName());
                AtomicInteger runs = new AtomicInteger();
                Job job = (tk, permit) -> {
                    if (permit.recheck() && ticksWithARow.contains(tk.at())) {
                        return false;
                    }
                    maxInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
                    int read = counter.get();
                    Thread.sleep(TASK_MS);
                    counter.set(read + 1);
                    inside.decrementAndGet();
                    ticksWithARow.add(tk.at());
                    runs.incrementAndGet();
                    return true;
                };
                CyclicBarrier together = new CyclicBarrier(WORKERS);
                List<Future<Outcome>> outcomes = new ArrayList<>();
                for (Guard g : guards) {
                    outcomes.add(pool.submit(() -> {
                        together.await();
                        return g.run(tick, job);
                    }));
                }
                for (Future<Outcome> f : outcomes) {
                    assertThat(f.get(30, TimeUnit.SECONDS)).isNotInstanceOf(Outcome.Failed.class);
                }
                runsPerTick.add(runs.get());
            }
        } finally {
            pool.shutdownNow();
            guards.forEach(Guard::close);
        }

        assertThat(runsPerTick).as("runs per tick").containsOnly(runsPerTick());
        if (mayOverlap()) {
            assertThat(maxInside.get()).as("runs inside the job at once").isGreaterThan(1);
        } else {
            assertThat(maxInside.get()).as("runs inside the job at once").isEqualTo(1);
            assertThat(counter.get()).as("no update lost").isEqualTo(TICKS * runsPerTick());
        }
    }
}
