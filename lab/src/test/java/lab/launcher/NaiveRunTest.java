package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import lab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bug, end to end: real worker JVMs, a real H2 server, the figures counted from the counter table. */
class NaiveRunTest {
    @TempDir
    Path dir;

    private Map<String, Object> run(String... args) throws Exception {
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
        return JSON.std.mapFrom(Files.readString(json));
    }

    @Test
    void four_naive_workers_write_four_rows_in_every_tick() throws Exception {
        java.util.Set<Long> before = Children.alive();
        Map<String, Object> s = run("--workers", "4", "--mode", "naive");

        int ticks = ((Number) s.get("ticks")).intValue();
        assertThat(ticks).isGreaterThanOrEqualTo(3);
        assertThat(s).containsEntry("workers", 4).containsEntry("mode", "naive");
        assertThat(s.get("rows")).isEqualTo(4 * ticks);
        assertThat(s.get("duplicate_ticks")).isEqualTo(ticks);
        assertThat(s.get("extra_rows")).isEqualTo(3 * ticks);
        assertThat(s.get("missed_ticks")).isEqualTo(0);
        assertThat(s.get("rows_per_tick")).isEqualTo(Map.of("min", 4, "median", 4, "max", 4));
        // Every duplicate tick and every overlapping pair explained, none guessed: naive runs share no lock.
        assertThat(s.get("causes"))
                .isEqualTo(Map.of(
                        "no-lock", Map.of("duplicate_ticks", ticks, "overlaps", s.get("overlaps"), "missed_ticks", 0)));
        assertThat(((Number) s.get("ready_ms")).longValue()).isPositive();
        assertThat(Children.alive()).as("children left behind").isSubsetOf(before);
    }

    @Test
    void a_single_worker_writes_one_row_per_tick_and_no_duplicate() throws Exception {
        Map<String, Object> s = run("--workers", "1", "--mode", "naive");

        int ticks = ((Number) s.get("ticks")).intValue();
        assertThat(ticks).isGreaterThanOrEqualTo(3);
        assertThat(s.get("rows")).isEqualTo(ticks);
        assertThat(s.get("duplicate_ticks")).isEqualTo(0);
        assertThat(s.get("extra_rows")).isEqualTo(0);
        assertThat(s.get("rows_per_tick")).isEqualTo(Map.of("min", 1, "median", 1, "max", 1));
        assertThat(s.get("causes")).isEqualTo(Map.of());
    }
}
