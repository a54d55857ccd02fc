package lab.bench;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * One {@code ./run.sh bench} as a user types it, for the ITs: the built jar, the machine's servers where it has them,
 * the flags run.sh gives the launcher and the workers. Its output is kept in target/ under {@code keepAs}.
 */
final class BenchRun {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    /** {@code ended} false: the bench outlived its limit and was killed; {@code rows} empty when no JSON was written. */
    record Result(boolean ended, int exit, String out, List<Map<String, Object>> rows, Duration took) {}

    private BenchRun() {}

    /**
     * The bench measures the launcher with its dashboard in tmux: without tmux that row is not measured and the bench
     * exits 1. As DashboardIT: a failure under CI (.ci/run installs tmux), a skip elsewhere.
     */
    static void requireTmux() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "command -v tmux")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        boolean hasTmux = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        if (!hasTmux && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("tmux is missing: .ci/run installs it");
        }
        Assumptions.assumeTrue(hasTmux, "tmux is not installed: the bench measures the launcher in a real terminal");
    }

    @SuppressWarnings("unchecked")
    static Result run(Path dir, String keepAs, Duration limit, String... flags) throws Exception {
        Path json = dir.resolve("bench.json");
        Path log = dir.resolve("bench.out");
        List<String> command = new ArrayList<>(List.of(REPO.resolve("run.sh").toString(), "bench"));
        command.addAll(List.of(flags));
        command.addAll(List.of("--json", json.toString()));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        boolean ended = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.writeString(Path.of("target", keepAs), out);
        List<Map<String, Object>> rows = Files.isRegularFile(json)
                ? (List<Map<String, Object>>)
                        JSON.std.mapFrom(Files.readString(json)).get("rows")
                : List.of();
        return new Result(ended, ended ? p.exitValue() : -1, out, rows, took);
    }
}
