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

/**
 * One {@code ./run.sh bench} as a user types it, for the ITs: the built jar, the machine's servers where it has them,
 * the flags run.sh gives the launcher and the workers. Its output is kept in target/ under {@code keepAs}.
 */
final class BenchRun {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    /** {@code ended} false: the bench outlived its limit and was killed; {@code rows} empty when no JSON was written. */
    record Result(boolean ended, int exit, String out, List<Map<String, Object>> rows, Duration took) {}

    private BenchRun() {}

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
