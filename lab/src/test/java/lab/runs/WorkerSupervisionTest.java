package lab.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.fleet.WorkerProcess;
import lab.launcher.LabSettings;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.scenario.Caption;
import lab.scenario.ReplayListener;
import lab.scenario.Replayer;
import lab.scenario.ScenarioParser;
import lab.scenario.Step;
import lab.scenario.Verdict;
import lab.session.Action;
import lab.session.WorkerView;
import lab.store.CounterRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker that dies on its own — here a real SIGKILL sent from outside the lab, as the OOM killer or another
 * terminal would — is noticed, shown and recorded; the other workers go on writing; {@code r} or a scenario's
 * {@code restart:} step brings it back.
 */
class WorkerSupervisionTest {
    @TempDir
    Path dir;

    private LabSettings settings() {
        return LabSettings.of(
                        3,
                        ModeSpec.defaults(Mode.NAIVE).with(Knobs.TASK_TIME, Duration.ofMillis(200)),
                        Duration.ofSeconds(1),
                        dir)
                .runningFor(Duration.ofMinutes(5));
    }

    @Test
    void a_worker_killed_from_outside_is_shown_exited_with_its_code_the_others_keep_writing_and_r_brings_it_back()
            throws Exception {
        try (LabAtTheKeys at = new LabAtTheKeys(settings()).start()) {
            WorkerProcess w2 = at.lab.view().worker("w2").orElseThrow();
            long oldPid = w2.pid();

            kill9(oldPid);
            Instant died = Instant.now();

            await().atMost(Duration.ofSeconds(10))
                    .until(() -> at.row("w2").map(WorkerView::exitCode).orElse(""), code -> code.equals("137"));
            assertThat(at.row("w2").orElseThrow().state()).isEqualTo("exited");
            String said = "w2 (pid " + oldPid + ") exited on its own: exit 137 (SIGKILL); ";
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> at.eventLines().stream().anyMatch(l -> l.startsWith(said)));
            assertThat(at.eventLines())
                    .filteredOn(l -> l.startsWith(said))
                    .singleElement()
                    .satisfies(l -> assertThat(l)
                            .matches(".*; (no stderr|last stderr: .+); r or a restart step brings it back"));
            Event recorded =
                    await().atMost(Duration.ofSeconds(5)).until(() -> exited(at.recording(), oldPid), e -> e != null);
            assertThat(recorded.worker()).isEqualTo(Event.LAB);
            LabFact.Exited exited = (LabFact.Exited) recorded.fact();
            assertThat(exited.target()).isEqualTo("w2");
            assertThat(exited.exitCode()).isEqualTo(137);
            assertThat(exited.signal()).isEqualTo("SIGKILL");
            assertThat(recorded.detail()).startsWith(said);

            // The rest of the lab keeps running: two whole ticks after the death, from the table, by w1 and w3 alone.
            await().atMost(Duration.ofSeconds(10)).until(() -> ticksWithRowsAfter(at.rows(), died, "w1", "w3") >= 2);
            assertThat(at.rows())
                    .filteredOn(r -> r.tickAt().isAfter(died) && r.worker().equals("w2"))
                    .isEmpty();

            // r with no worker selected restarts the one that is down, not the holder (naive mode has none).
            at.press(Action.RESTART);

            await().atMost(Duration.ofSeconds(30))
                    .until(() -> at.row("w2").orElseThrow(), w -> w.state().equals("up") && w.pid() != oldPid);
            long newPid = at.row("w2").orElseThrow().pid();
            assertThat(at.row("w2").orElseThrow().exitCode()).isEmpty();
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> at.rows().stream().anyMatch(r -> r.worker().equals("w2") && r.pid() == newPid));
            assertThat(at.recording())
                    .filteredOn(e -> e.type() == EventType.RESTART)
                    .singleElement()
                    .satisfies(e -> {
                        LabFact.Restart r = (LabFact.Restart) e.fact();
                        assertThat(r.target()).isEqualTo("w2");
                        assertThat(r.oldPid()).isEqualTo(oldPid);
                        assertThat(r.newPid()).isEqualTo(newPid);
                    });
            assertThat(List.of("w1", "w3")).allSatisfy(id -> assertThat(
                            at.lab.view().worker(id).orElseThrow().state().toString())
                    .isEqualTo("up"));
        }
    }

    @Test
    void a_scenario_restart_step_brings_back_a_worker_that_died_on_its_own() throws Exception {
        Path scenario = Files.writeString(
                dir.resolve("restart.yaml"),
                String.join(
                        "\n",
                        "title: \"A worker that died on its own, brought back by a step\"",
                        "setup: { workers: 3, mode: naive, every: 1s, task-time: 200ms }",
                        "steps:",
                        "  - restart: w3",
                        "  - mark: back",
                        "  - wait: 3s",
                        "  - expect: { since: back, ticks: \">= 2\", rows_per_tick: 3 }",
                        ""));
        try (LabAtTheKeys at = new LabAtTheKeys(settings()).start()) {
            long oldPid = at.lab.view().worker("w3").orElseThrow().pid();
            kill9(oldPid);
            await().atMost(Duration.ofSeconds(10)).until(() -> exited(at.recording(), oldPid) != null);

            Replayer replay = new Replayer(ScenarioParser.parse(scenario), at.lab.control(), 1, new Quiet());

            assertThat(replay.run())
                    .as("every tick after the restart has a row from each of the 3 workers")
                    .isTrue();
            WorkerProcess w3 = at.lab.view().worker("w3").orElseThrow();
            assertThat(w3.pid()).isNotEqualTo(oldPid);
            assertThat(w3.state().toString()).isEqualTo("up");
        }
    }

    private static void kill9(long pid) throws Exception {
        // From outside the lab's Faults, as another terminal would: the lab learns of it only from the process.
        assertThat(new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor())
                .isZero();
    }

    private static Event exited(List<Event> recording, long pid) {
        return recording.stream()
                .filter(e -> e.fact() instanceof LabFact.Exited x && x.targetPid() == pid)
                .findFirst()
                .orElse(null);
    }

    /** Tick windows that began after {@code after} and hold a row of each of {@code workers}. */
    private static long ticksWithRowsAfter(List<CounterRow> rows, Instant after, String... workers) {
        return rows.stream()
                .filter(r -> r.tickAt().isAfter(after))
                .map(CounterRow::tickAt)
                .distinct()
                .filter(t -> List.of(workers).stream().allMatch(w -> rows.stream()
                        .anyMatch(r -> r.tickAt().equals(t) && r.worker().equals(w))))
                .count();
    }

    private static final class Quiet implements ReplayListener {
        @Override
        public void step(int index, int total, Step step) {}

        @Override
        public void caption(Caption text) {}

        @Override
        public void action(String result) {}

        @Override
        public void verdict(Verdict verdict) {}
    }
}
