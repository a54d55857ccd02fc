package lab.examiner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./run.sh exam ...} as a learner types it, from the lab's folder: its exit code, what it printed, and every
 * process it started (run.sh's descendants, seen while it ran), none of which may outlive it.
 */
record ExamRun(int exitCode, String out, String err, Set<Long> tree, Map<Long, String> commands) {
    static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    /** Runs it to its end, within {@code limit}, and checks that nothing it started is alive after it. */
    static ExamRun of(Duration limit, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(REPO.resolve("run.sh").toString(), "exam"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(REPO.toFile()).start();
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        Thread o = pump(p.getInputStream(), out);
        Thread e = pump(p.getErrorStream(), err);
        Set<Long> tree = ConcurrentHashMap.newKeySet();
        Map<Long, String> commands = new ConcurrentHashMap<>();
        long deadline = System.nanoTime() + limit.toNanos();
        while (p.isAlive() && System.nanoTime() < deadline) {
            p.descendants().forEach(d -> {
                tree.add(d.pid());
                d.info().commandLine().or(() -> d.info().command()).ifPresent(c -> commands.putIfAbsent(d.pid(), c));
            });
            p.waitFor(100, TimeUnit.MILLISECONDS);
        }
        if (p.isAlive()) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("run.sh exam still running after " + limit + "; stdout:\n" + out);
        }
        o.join(5000);
        e.join(5000);
        ExamRun run =
                new ExamRun(p.exitValue(), out.toString(), err.toString(), Set.copyOf(tree), Map.copyOf(commands));
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(run.tree)
                .as("processes run.sh exam started, alive after it ended; stdout:%n%s", run.out)
                .noneMatch(
                        pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)));
        return run;
    }

    /**
     * The workers and servers it started, by their command lines, as seen while it ran (every 100 ms: a worker or a
     * server lives for seconds); run.sh's own helpers and the launcher's JVM are not among them.
     */
    List<String> workersAndServers() {
        return commands.values().stream()
                .filter(c -> c.contains("lab.worker.WorkerMain")
                        || c.matches("(?s).*(^|/)(redis-server|postgres|initdb|pg_ctl)( .*|$)"))
                .toList();
    }

    /** The report card's line of {@code trial}. */
    String cardLine(String trial) {
        return out.lines()
                .filter(l -> l.matches("\\s+" + trial + "\\s+(pass|FAIL)\\s.*"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no card line for " + trial + "; stdout:\n" + out));
    }

    private static Thread pump(InputStream in, StringBuilder sink) {
        Thread t = new Thread(() -> {
            try {
                String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                synchronized (sink) {
                    sink.append(all);
                }
            } catch (IOException ignored) {
                // the process is gone
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
