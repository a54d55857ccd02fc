package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import lab.tui.Glyphs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./run.sh bench --quick} as a user types it: the built jar, the machine's servers where it has them, the
 * flags run.sh gives the launcher and the workers. It proves that every row is measured and printed; it asserts
 * nothing about time (the full benchmark's figures go in the README, from a run on a quiet machine).
 */
class BenchIT {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    /** The rows of a quick run, in the order printed. */
    private static final List<String> QUICK_ROWS = List.of(
            "pss-4",
            "rss-4",
            "launch-4",
            "key",
            "launcher-cpu",
            "launcher-rss",
            "switch",
            "lock-redis",
            "lock-postgres",
            "stress");

    @TempDir
    Path dir;

    @Test
    // Above the 15 minutes it gives the bench itself, so that its own message, with the output so far, comes first.
    @org.junit.jupiter.api.Timeout(value = 20, unit = java.util.concurrent.TimeUnit.MINUTES)
    @SuppressWarnings("unchecked")
    void bench_quick_measures_and_prints_every_row_and_the_stress_run_writes_no_duplicate() throws Exception {
        Path json = dir.resolve("bench.json");
        Path log = dir.resolve("bench.out");
        Process p = new ProcessBuilder(REPO.resolve("run.sh").toString(), "bench", "--quick", "--json", json.toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        boolean ended = p.waitFor(15, TimeUnit.MINUTES);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.writeString(Path.of("target", "bench-quick.txt"), out);
        assertThat(ended).as("bench --quick ended within 15 minutes:%n%s", out).isTrue();
        assertThat(p.exitValue())
                .as("exit code (0: every row measured):%n%s", out)
                .isZero();
        assertThat(out).contains("| figure | this lab | Python (seed app) | ratio | goal | met |");

        Map<String, Object> doc = JSON.std.mapFrom(Files.readString(json));
        List<Map<String, Object>> rows = (List<Map<String, Object>>) doc.get("rows");
        assertThat(rows).extracting(r -> r.get("id")).containsExactlyElementsOf(QUICK_ROWS);
        // The launcher inherits this JVM's locale, so it prints as this process would: UTF-8, or the figures' ASCII.
        Glyphs glyphs = Glyphs.forThisProcess();
        for (Map<String, Object> r : rows) {
            assertThat(out)
                    .as("the printed table has row %s", r.get("id"))
                    .contains(glyphs.fit("| " + r.get("figure") + " | " + r.get("lab") + " |"));
        }
        Map<String, Object> stress =
                (Map<String, Object>) rows.get(rows.size() - 1).get("numbers");
        // Counted from the counter table: the lock is held to the tick's end, so every tick has one row at most.
        assertThat(((Number) stress.get("ticks")).longValue()).isPositive();
        assertThat(((Number) stress.get("duplicates")).longValue()).isZero();
    }
}
