package lab.guard.onenode;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import lab.cli.Main;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mode that owns the schedule, declared in the test sources alone, runs across two real worker processes, which
 * find it on the classpath they inherit: its own knob, set on the command line as any knob is, names the one worker
 * that fires, and the counter table has that worker's rows only, one a tick.
 */
class OneNodeModeTest {
    @Test
    void its_declaration_alone_gives_it_a_place_in_the_registry_and_its_knob_a_place_among_the_knobs() {
        Mode mode = Mode.parse("one-node");

        assertThat(mode.scheduling()).isEqualTo(Mode.Scheduling.OWNS_THE_SCHEDULE);
        assertThat(mode.key()).isEmpty();
        assertThat(Knobs.byName(OneNodeMode.NODE.name())).contains(OneNodeMode.NODE);
        assertThat(OneNodeMode.NODE.concerns(mode)).isTrue();
        assertThat(OneNodeMode.NODE.concerns(Mode.REDIS)).isFalse();
    }

    @Test
    void across_two_worker_processes_only_the_worker_its_knob_names_fires_one_row_a_tick(@TempDir Path dir)
            throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = {
            "--headless",
            "--workers",
            "2",
            "--every",
            "1s",
            "--task-time",
            "200ms",
            "--duration",
            "4s",
            "--mode",
            "one-node",
            "--one-node",
            "2",
            "--redis-url",
            TestServers.redis().url(),
            "--pg-url",
            TestServers.postgres().url(),
            "--summary-json",
            dir.resolve("s.json").toString(),
            "--runs-dir",
            dir.toString()
        };

        int code = Main.run(
                args, new PrintStream(new ByteArrayOutputStream(), true, UTF_8), new PrintStream(err, true, UTF_8));

        assertThat(code).as("exit code; stderr: %s", err).isZero();
        Map<String, Object> summary = JSON.std.mapFrom(Files.readString(dir.resolve("s.json")));
        assertThat(((Number) summary.get("ticks")).intValue()).isGreaterThanOrEqualTo(2);
        assertThat(summary.get("rows_per_tick")).isEqualTo(Map.of("min", 1, "median", 1, "max", 1));
        List<String> lines = Files.readAllLines(find(dir, "counter.csv"));
        int worker = Arrays.asList(lines.get(0).split(",")).indexOf("worker");
        assertThat(worker).as("the table's header: %s", lines.get(0)).isNotNegative();
        List<String> writers = lines.stream()
                .skip(1)
                .map(l -> l.split(",", -1)[worker])
                .distinct()
                .toList();
        assertThat(writers).as("the workers that wrote rows").containsExactly("w2");
    }

    private static Path find(Path dir, String name) throws IOException {
        try (Stream<Path> found = Files.walk(dir)) {
            return found.filter(p -> p.getFileName().toString().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new IOException("no " + name + " under " + dir));
        }
    }
}
