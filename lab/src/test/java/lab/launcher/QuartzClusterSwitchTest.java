package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.check.Figures;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.session.ModeSegment;
import lab.session.RunSummary;
import lab.store.CounterRow;
import lab.store.CounterStore;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Key 0 and back, live, in four worker processes: each worker hands its schedule to Quartz's cluster and takes it back,
 * says so with the time it took, and the table shows every worker's row per tick before and after, one row per tick
 * in between.
 */
@Tag("slow")
class QuartzClusterSwitchTest {
    private static final Pattern REPLACED = Pattern.compile("scheduler replaced \\((.+?)\\) in (\\d+) ms");

    @TempDir
    Path dir;

    @Test
    void a_switch_into_quartz_cluster_and_back_replaces_every_workers_scheduler_and_says_how_long_it_took()
            throws Exception {
        Duration every = Duration.ofSeconds(1);
        LabSettings settings = TestLabs.settings(
                4, ModeSpec.defaults(Mode.NAIVE).with(Knobs.TASK_TIME, Duration.ofMillis(200)), every, dir);
        List<Event> events = new CopyOnWriteArrayList<>();
        List<String> said = new CopyOnWriteArrayList<>();
        RunSummary summary;
        List<CounterRow> rows;
        String in;
        String out;
        try (Lab lab = new Lab(settings)) {
            lab.onEvent(events::add);
            lab.start(said::add);
            // Decided: each wait is counted from an acknowledgement (or ready), and 3.6 periods hold at least two
            // whole windows wherever the first begins; 2.6 held one when ready came late in its second.
            Thread.sleep(3_600);
            in = lab.control()
                    .switchMode(Changes.of(Map.of("mode", "quartz-cluster")))
                    .line();
            Thread.sleep(4_600);
            out = lab.control().switchMode(Changes.of(Map.of("mode", "naive"))).line();
            Thread.sleep(3_600);
            summary = lab.stopAndSummarise(Instant.now());
            try (CounterStore table = new CounterStore(lab.view().storeUrl())) {
                rows = table.readAll();
            }
        }

        assertThat(in).as("switch in; lab said %s", said).contains("acknowledged by 4 workers");
        assertThat(out).as("switch out; lab said %s", said).contains("acknowledged by 4 workers");
        List<ModeSegment> seg = summary.segments();
        assertThat(seg).extracting(ModeSegment::mode).containsExactly("naive", "quartz-cluster", "naive");
        Figures cluster = seg.get(1).figures();
        assertThat(cluster.ticks()).as("complete ticks in quartz-cluster").isGreaterThanOrEqualTo(2);
        assertThat(cluster.rowsPerTick()).as("rows per tick in quartz-cluster").containsOnly(1);
        TestLabs.assertEveryWorkerWrote(seg.get(0), every, 4, rows, events);
        TestLabs.assertEveryWorkerWrote(seg.get(2), every, 4, rows, events);

        List<String> intoCluster = replaced(events, "quartz-cluster");
        List<String> backHome = replaced(events, "naive");
        assertThat(intoCluster)
                .as("workers that said their scheduler was replaced by the cluster's")
                .hasSize(4);
        assertThat(backHome)
                .as("workers that said they took their own scheduler back")
                .hasSize(4);
        System.out.println(
                "switch into quartz-cluster: lab " + summary.switchMillis().get(0) + " ms, workers " + intoCluster
                        + "; back to naive: lab " + summary.switchMillis().get(1) + " ms, workers " + backHome);
    }

    /** Each worker's time to replace its scheduler on its switch into {@code mode}, as its mode line says it. */
    private static List<String> replaced(List<Event> events, String mode) {
        return events.stream()
                .filter(e -> e.type() == EventType.MODE && mode.equals(e.mode()) && e.detail() != null)
                .map(e -> {
                    Matcher m = REPLACED.matcher(e.detail());
                    return m.find() ? e.worker() + " " + m.group(2) + " ms (" + m.group(1) + ")" : null;
                })
                .filter(java.util.Objects::nonNull)
                .toList();
    }
}
