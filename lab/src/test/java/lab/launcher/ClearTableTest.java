package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import lab.protocol.Event;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.session.RunSummary;
import lab.store.CounterRow;
import lab.store.CounterStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Emptying the table (key c) starts the count afresh: no tick before it is claimed missed. */
class ClearTableTest {
    @TempDir
    Path dir;

    @Test
    void after_the_table_is_emptied_only_the_ticks_since_are_counted_and_none_is_missed() throws Exception {
        LabSettings settings = TestLabs.settings(2, ModeSpec.defaults(Mode.NAIVE), Duration.ofSeconds(1), dir);
        RunSummary s;
        Instant asked;
        Instant cleared;
        Instant stop;
        List<Event> events = new CopyOnWriteArrayList<>();
        List<CounterRow> rows;
        try (Lab lab = new Lab(settings)) {
            lab.onEvent(events::add);
            lab.start(line -> {});
            Thread.sleep(2_500);
            asked = Instant.now();
            assertThat(lab.control().clearTable()).startsWith("counter table emptied");
            cleared = Instant.now();
            Thread.sleep(3_200);
            stop = Instant.now();
            s = lab.stopAndSummarise(stop);
            try (CounterStore table = new CounterStore(lab.view().storeUrl())) {
                rows = table.readAll();
            }
        }

        // A bound from the clock, not the sleeps: only whole windows between the clearing and the stop are counted,
        // however long a loaded machine made the sleep or the clearing itself.
        long span = Duration.between(asked, stop).toMillis();
        assertThat(s.total().ticks()).isBetween(2, (int) (span / 1_000));
        // Decided by the recording: every tick since has both workers' rows, but for fires skipped as late and said.
        assertThat(s.segments()).singleElement().satisfies(seg -> {
            // Decided by the call: the count starts while the table is being emptied, between asking and the answer.
            assertThat(seg.from()).isBetween(asked, cleared);
            TestLabs.assertEveryWorkerWrote(seg, Duration.ofSeconds(1), 2, rows, events);
        });
    }
}
