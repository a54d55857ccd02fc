package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.nemesis.WorkerFault;
import lab.nemesis.WorkerTarget;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.store.CounterRow;
import lab.store.CounterStore;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Skewing a worker's clock restarts it (libfaketime must be in its JVM from the start), and that restart is a stop, not
 * a crash: the holder it hits finishes its job and gives its lock back. Killed instead, it left its Redis key for the
 * whole minute of its lease, and lesson 23 on the dashboard showed a dead holder where it meant a skewed clock. The
 * test decides the race: the skew aims at the holder, in its job, with a lease far longer than the test.
 */
class SkewRestartTest {
    @TempDir
    Path dir;

    @Test
    void a_holder_restarted_skewed_gives_its_lock_back_and_the_next_ticks_run() throws Exception {
        Assumptions.assumeTrue(
                StartSkews.whyNot().isEmpty(), () -> StartSkews.whyNot().orElse(""));
        Duration every = Duration.ofSeconds(2);
        ModeSpec redis = ModeSpec.defaults(Mode.REDIS)
                .with(Knobs.TASK_TIME, Duration.ofSeconds(1))
                .with(Knobs.LOCK_TTL, Duration.ofMinutes(1));
        try (Lab lab = new Lab(TestLabs.settings(2, redis, every, dir))) {
            lab.start(line -> {});
            Thread.sleep(2_500);
            String line = lab.faults()
                    .inject(new WorkerFault.Skew(WorkerTarget.holder(), Duration.ofSeconds(1))
                            .fromTickAt(Instant.now()))
                    .line();
            assertThat(line).as("the skew").startsWith("restarted ");
            Instant restarted = Instant.now();
            Thread.sleep(every.multipliedBy(3).toMillis());

            List<CounterRow> rows;
            try (CounterStore table = new CounterStore(lab.view().storeUrl())) {
                rows = table.readAll();
            }
            // Ticks whose window began after the restart and ended 500 ms before now: each has its row, which a key
            // left for a minute would have kept out.
            Instant until = Instant.now().minusMillis(500);
            List<Instant> after = rows.stream()
                    .map(CounterRow::tickAt)
                    .filter(t -> t.isAfter(restarted) && t.plus(every).isBefore(until))
                    .distinct()
                    .toList();
            assertThat(after)
                    .as("ticks run after the skew (%s); rows %s", line, rows)
                    .hasSizeGreaterThanOrEqualTo(1);
        }
    }
}
