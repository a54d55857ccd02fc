package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.check.Checker;
import lab.nemesis.WorkerFault;
import lab.nemesis.WorkerTarget;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerFact;
import lab.store.CounterRow;
import lab.store.CounterStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker paused past a few ticks misses them, and says so; when it resumes it does not run an old tick late.
 */
class PausedWorkerTest {
    @TempDir
    Path dir;

    @Test
    void a_resumed_worker_runs_no_tick_late_into_another_window() throws Exception {
        Duration every = Duration.ofSeconds(1);
        LabSettings settings = TestLabs.settings(2, ModeSpec.defaults(Mode.NAIVE), every, dir);
        try (Lab lab = new Lab(settings)) {
            lab.start(line -> {});
            Thread.sleep(1_000);
            // The pause lands in the middle of a window, far from any fire, so the test decides where it falls (a
            // bound: 450 ms each side); a pause during a fire's own jitter is the fire-late path, which the lateness
            // check covers as well.
            long intoWindow = Instant.now().toEpochMilli() % every.toMillis();
            Thread.sleep((every.toMillis() + every.toMillis() / 2 - intoWindow) % every.toMillis());
            assertThat(lab.faults()
                            .inject(new WorkerFault.Pause(WorkerTarget.of("w1")))
                            .line())
                    .startsWith("SIGSTOP w1");
            Instant paused = Instant.now();
            Thread.sleep(2_600);
            assertThat(lab.faults()
                            .inject(new WorkerFault.Resume(WorkerTarget.of("w1")))
                            .line())
                    .startsWith("SIGCONT w1");
            Instant resumed = Instant.now();
            Thread.sleep(2_500);

            List<CounterRow> rows;
            try (CounterStore table = new CounterStore(lab.view().storeUrl())) {
                rows = table.readAll();
            }
            assertThat(rows)
                    .as("w1 rows whose tick fell inside the pause")
                    .filteredOn(r -> r.worker().equals("w1")
                            && r.tickAt().isAfter(paused.plus(every))
                            && r.tickAt().plus(every).isBefore(resumed))
                    .isEmpty();
            // A bound: a fire may run up to half a period (and its 50 ms jitter) late; the other 450 ms of its window
            // are more than a loaded machine stalls a thread between the lateness check and the job's start.
            assertThat(rows)
                    .as("runs started after their tick's window had ended")
                    .filteredOn(r -> !r.startedAt().isBefore(r.tickAt().plus(every)))
                    .isEmpty();
            // Quartz drops a misfire without a word: each tick the pause cost w1 is said, as a late skip.
            List<Instant> saidLate = lab.view().recorded(null).stream()
                    .filter(e -> e.worker().equals("w1"))
                    .flatMap(e -> e.as(WorkerFact.Skipped.class).stream()
                            .filter(k -> k.reason() == WorkerFact.SkipReason.LATE)
                            .map(k -> e.tick()))
                    .toList();
            for (Instant tick = Checker.floor(paused, every).plus(every.multipliedBy(2));
                    tick.plus(every).isBefore(resumed);
                    tick = tick.plus(every)) {
                assertThat(saidLate).as("ticks w1 said it missed late").contains(tick);
            }
            assertThat(rows)
                    .as("w1 runs again after it resumed")
                    .anyMatch(r -> r.worker().equals("w1") && r.tickAt().isAfter(resumed));
        }
    }
}
