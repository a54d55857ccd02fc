package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import lab.nemesis.WorkerFault;
import lab.nemesis.WorkerTarget;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.protocol.LockFact;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.Trigger;
import lab.protocol.WorkerFact;
import lab.store.CounterRow;
import lab.store.CounterStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recording alone tells what happened: the workers' events carry the facts the table has (a run's start and
 * end as its row has them), and the launcher's own records say what it did, to whom, and when.
 */
class RecordingTest {
    @TempDir
    Path dir;

    @Test
    void the_recording_holds_the_launchers_records_and_facts_that_match_the_table() throws Exception {
        Duration every = Duration.ofSeconds(1);
        ModeSpec spec = ModeSpec.defaults(Mode.NAIVE).with(Knobs.TASK_TIME, Duration.ofMillis(200));
        List<Event> events;
        List<CounterRow> rows;
        long w1;
        try (Lab lab = new Lab(TestLabs.settings(2, spec, every, dir))) {
            lab.start(line -> {});
            w1 = lab.view().worker("w1").orElseThrow().pid();
            assertThat(lab.faults()
                            .inject(new WorkerFault.Pause(WorkerTarget.of("w1")))
                            .line())
                    .startsWith("SIGSTOP w1");
            assertThat(lab.faults()
                            .inject(new WorkerFault.Resume(WorkerTarget.of("w1")))
                            .line())
                    .startsWith("SIGCONT w1");
            assertThat(lab.control().switchMode(ModeChange.to(Mode.LOCAL_MUTEX)).line())
                    .startsWith("switch to");
            Thread.sleep(2_500);
            lab.stopAndSummarise(Instant.now());
            try (CounterStore table = new CounterStore(lab.view().storeUrl())) {
                rows = table.readAll();
            }
            events = Files.readAllLines(lab.runDir().resolve("events.jsonl")).stream()
                    .map(Event::parse)
                    .toList();
        }

        assertThat(events)
                .filteredOn(e -> e.type() == EventType.FAULT)
                .extracting(e -> {
                    LabFact.Fault f = (LabFact.Fault) e.fact();
                    return e.worker() + " " + f.kind() + " " + f.target() + " " + f.targetPid();
                })
                .containsExactly("lab pause w1 " + w1, "lab resume w1 " + w1);
        assertThat(events)
                .filteredOn(e -> e.type() == EventType.SWITCH)
                .singleElement()
                .satisfies(e -> {
                    assertThat(e.worker()).isEqualTo(Event.LAB);
                    LabFact.Switch s = (LabFact.Switch) e.fact();
                    assertThat(s.spec().mode()).isEqualTo(Mode.LOCAL_MUTEX);
                    assertThat(s.lock()).isEqualTo(Mode.LOCAL_MUTEX.lock());
                    assertThat(s.acknowledgedAt()).isNotNull();
                });
        assertThat(events)
                .filteredOn(e -> e.type() == EventType.FIRED)
                .isNotEmpty()
                .allSatisfy(e -> {
                    WorkerFact.Fired f = (WorkerFact.Fired) e.fact();
                    assertThat(f.trigger()).isEqualTo(Trigger.CRON);
                    assertThat(f.scheduledAt()).isEqualTo(e.tick().plusMillis(f.phaseMs()));
                });
        assertThat(rows).isNotEmpty();
        for (CounterRow r : rows) {
            assertThat(events)
                    .as("the executed event of %s for %s", r.worker(), r.tickAt())
                    .anySatisfy(e -> {
                        assertThat(e.type()).isEqualTo(EventType.EXECUTED);
                        assertThat(e.worker()).isEqualTo(r.worker());
                        assertThat(e.tick()).isEqualTo(r.tickAt());
                        // The table keeps microseconds; the worker's clock reads nanoseconds.
                        WorkerFact.Executed x = (WorkerFact.Executed) e.fact();
                        assertThat(x.startedAt()).isCloseTo(r.startedAt(), within(1, ChronoUnit.MICROS));
                        assertThat(x.endedAt()).isCloseTo(r.createdAt(), within(1, ChronoUnit.MICROS));
                    });
        }
        assertThat(events)
                .filteredOn(e -> e.type() == EventType.ACQUIRED)
                .isNotEmpty()
                .allSatisfy(
                        e -> assertThat(((LockFact.Acquired) e.fact()).owner()).isEqualTo(e.worker() + "-" + e.pid()));
    }
}
