package lab.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.check.Finding;
import lab.protocol.Mode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * One minute of one mode under faults, judged from the counter table: run once per class (its own lab, its own
 * servers: a soak restarts them), then each test reads one part of the verdict. The seed is fixed, so a failure
 * replays with {@code ./run.sh soak --mode <mode> --seed 10}; its five faults include every kind.
 */
// A minute of faults per mode: long by nature, so under -Pslow (lab/pom.xml), not in the README's `mvn -B verify`.
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SoakContract {
    static final long SEED = 10;

    @TempDir
    static Path dir;

    private SoakVerdict verdict;
    private int code;
    private String output;
    private Set<Long> childrenBefore;
    private Set<Long> childrenAfter;
    private Set<Path> foldersBefore;
    private Set<Path> foldersAfter;

    abstract Mode mode();

    @BeforeAll
    // A minute of soak, plus the lab's start and stop, on a loaded machine.
    @org.junit.jupiter.api.Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
    void soakForOneMinute() throws Exception {
        childrenBefore = children();
        foldersBefore = sessionFolders();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Soak soak = new Soak(
                new SoakSettings(mode(), Duration.ofMinutes(1), SEED, dir.resolve("soak.json"), dir.resolve("runs")),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        code = soak.run();
        output = out.toString(StandardCharsets.UTF_8);
        verdict = soak.verdict();
        childrenAfter = children();
        foldersAfter = sessionFolders();
        assertThat(verdict).as("a verdict; the soak said:%n%s", output).isNotNull();
    }

    @Test
    void the_table_has_no_tick_written_twice() {
        assertThat(verdict.figures().ticks()).as("ticks judged").isGreaterThan(250);
        assertThat(verdict.figures().duplicateTicks()).as(output).isZero();
    }

    @Test
    void every_row_a_worker_said_it_wrote_is_in_the_table() {
        assertThat(verdict.written()).as("executed events").isGreaterThan(200);
        assertThat(verdict.lost()).as(output).isEmpty();
    }

    @Test
    void every_missed_tick_lies_within_the_reach_of_a_fault_and_no_fault_costs_more_than_its_bound() {
        assertThat(verdict.unattributed())
                .extracting(Finding::sentence)
                .as(output)
                .isEmpty();
        // Outside every fault only a run that outlasted its window on a busy machine may cost a tick: 2 % of the ticks.
        int slowBound = verdict.figures().ticks() * 2 / 100;
        assertThat(verdict.slowBound()).as("the verdict's own bound").isEqualTo(slowBound);
        assertThat(verdict.slow()).as(output).hasSizeLessThanOrEqualTo(slowBound);
        for (FaultReport r : verdict.faults()) {
            int bound = boundTicks(r.fault().planned().kind());
            assertThat(r.boundTicks())
                    .as("the verdict's own bound for " + r.line())
                    .isEqualTo(bound);
            assertThat(r.missed().size()).as(r.line()).isLessThanOrEqualTo(bound);
        }
    }

    /** What one fault may cost with 200 ms ticks and a 2 s lease, worked by hand (as in FaultReachTest). */
    private static int boundTicks(SoakFault kind) {
        return switch (kind) {
            case KILL, PAUSE -> 12; // the lease, 2000 / 200, + the tick in progress + the one as the key expires
            case REDIS_STOP, POSTGRES_RESTART -> 13; // (2 s down + one tick) / 200 ms, + 2
        };
    }

    @Test
    void every_planned_fault_was_injected_and_undone() {
        assertThat(verdict.faults())
                .extracting(r -> r.fault().planned())
                .isEqualTo(new SoakSettings(mode(), Duration.ofMinutes(1), SEED, null, null).plan());
        assertThat(verdict.faults()).allSatisfy(r -> assertThat(r.fault().healed())
                .as(String.join("; ", r.fault().lines()))
                .isTrue());
    }

    @Test
    void the_verdict_held_and_the_json_has_the_run_figures_the_seed_and_the_faults() throws IOException {
        assertThat(code).as(output).isEqualTo(Soak.HELD);
        String json = Files.readString(dir.resolve("soak.json"));
        assertThat(json)
                .contains("\"duplicate_ticks\" : 0")
                .contains("\"lost_rows\" : 0")
                .contains("\"seed\" : " + SEED)
                .contains("\"faults\" : [")
                .contains("\"kind\" : \"postgres-restart\"")
                .contains("\"verdict\" : \"held\"");
    }

    @Test
    void nothing_of_the_lab_is_left_no_process_no_port_no_temp_folder() {
        assertThat(verdict.leftovers()).as("the soak's own check").isEmpty();
        assertThat(childrenAfter).as("child processes of this JVM").isSubsetOf(childrenBefore);
        assertThat(foldersAfter).as("session folders of this JVM").isSubsetOf(foldersBefore);
    }

    private static Set<Long> children() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static Set<Path> sessionFolders() throws IOException {
        String prefix = "schedlock-" + ProcessHandle.current().pid() + "-";
        try (Stream<Path> list = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return list.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .collect(Collectors.toSet());
        }
    }
}
