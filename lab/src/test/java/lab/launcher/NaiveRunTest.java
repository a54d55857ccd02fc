package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import lab.cli.Main;
import lab.protocol.summary.SummaryCodec;
import lab.protocol.summary.SummaryFigures;
import lab.protocol.summary.SummaryFile;
import lab.protocol.summary.SummarySegment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bug, end to end: real worker JVMs, a real H2 server, the figures counted from the counter table. */
class NaiveRunTest {
    @TempDir
    Path dir;

    private SummaryFile run(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path json = dir.resolve("s.json");
        String[] common = {
            "--headless",
            "--every",
            "1s",
            "--duration",
            "4s",
            "--summary-json",
            json.toString(),
            "--runs-dir",
            dir.resolve("runs").toString()
        };
        String[] argv = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.Arrays.stream(common))
                .toArray(String[]::new);

        int code = Main.run(
                argv,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(code).as("exit code; stderr: %s", err).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("summary - counted from the counter table");
        return SummaryCodec.fromJson(Files.readString(json));
    }

    /** The fires of each tick the summary counted (from ready to the stop, whole ticks). */
    private Map<java.time.Instant, Long> fires(SummaryFile s) throws java.io.IOException {
        SummarySegment seg = s.segments().get(0);
        return TestLabs.firesPerTick(dir.resolve("runs"), seg.from(), seg.to(), java.time.Duration.ofSeconds(1));
    }

    @Test
    void four_naive_workers_write_four_rows_in_every_tick() throws Exception {
        java.util.Set<Long> before = Children.alive();
        SummaryFile s = run("--workers", "4", "--mode", "naive");
        SummaryFigures f = s.total();

        int ticks = f.ticks();
        assertThat(ticks).isGreaterThanOrEqualTo(3);
        assertThat(s.workers()).isEqualTo(4);
        assertThat(s.mode()).isEqualTo("naive");
        // Decided by the recording: every fire wrote its row (a fire a loaded machine delayed past half a period is
        // dropped before it is one), so the figures follow from the fires of each tick.
        Map<java.time.Instant, Long> fires = fires(s);
        long rows = fires.values().stream().mapToLong(Long::longValue).sum();
        long twice = fires.values().stream().filter(n -> n >= 2).count();
        long none = fires.values().stream().filter(n -> n == 0).count();
        assertThat(fires).as("fires per counted tick").hasSize(ticks);
        assertThat((long) f.rows()).as("rows, for fires %s", fires).isEqualTo(rows);
        assertThat((long) f.duplicateTicks()).isEqualTo(twice);
        assertThat((long) f.extraRows()).isEqualTo(rows - (ticks - none));
        assertThat((long) f.missedTicks()).isEqualTo(none);
        assertThat(f.rowsPerTick().max()).isEqualTo(4);
        // Every duplicate tick and every overlapping pair explained, none guessed: naive runs share no lock.
        assertThat(s.causes()).containsExactly(new SummaryFile.CauseTally("no-lock", (int) twice, f.overlaps(), 0));
        assertThat(s.readyMillis()).isPositive();
        assertThat(Children.alive()).as("children left behind").isSubsetOf(before);
    }

    @Test
    void a_single_worker_writes_one_row_per_tick_and_no_duplicate() throws Exception {
        SummaryFile s = run("--workers", "1", "--mode", "naive");
        SummaryFigures f = s.total();

        int ticks = f.ticks();
        assertThat(ticks).isGreaterThanOrEqualTo(3);
        // Decided by the recording: a tick is without a row where its one fire was dropped as late, and only there.
        Map<java.time.Instant, Long> fires = fires(s);
        long none = fires.values().stream().filter(n -> n == 0).count();
        assertThat(fires).as("fires per counted tick").hasSize(ticks);
        assertThat((long) f.rows()).as("rows, for fires %s", fires).isEqualTo(ticks - none);
        assertThat((long) f.missedTicks()).isEqualTo(none);
        assertThat(f.duplicateTicks()).isZero();
        assertThat(f.extraRows()).isZero();
        assertThat(f.rowsPerTick().max()).isEqualTo(1);
        assertThat(s.causes()).as("no duplicate or overlap to explain").allSatisfy(c -> {
            assertThat(c.duplicateTicks()).isZero();
            assertThat(c.overlaps()).isZero();
        });
    }
}
