package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.servers.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard end to end, as a trainer uses it: {@code ./run.sh} in a real terminal (tmux), key {@code 3},
 * then {@code q} {@code y}. Runs after the package phase, since run.sh starts the built jar. The captured screens
 * are kept in target/ (the README shows such captures).
 */
// A whole lab in a real terminal, its screens awaited for up to a minute each.
@org.junit.jupiter.api.Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class DashboardIT {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final String SESSION = "lab-it-" + ProcessHandle.current().pid();

    @TempDir
    Path dir;

    @AfterEach
    void killSession() throws Exception {
        tmux("kill-session", "-t", SESSION);
    }

    @Test
    void run_sh_opens_the_dashboard_switches_to_redis_on_3_and_quits_on_q_y_leaving_nothing_behind() throws Exception {
        boolean hasTmux = run("sh", "-c", "command -v tmux") == 0;
        if (!hasTmux && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("tmux is missing: .ci/run installs it");
        }
        Assumptions.assumeTrue(hasTmux, "tmux is not installed");
        String command = "cd " + dir + " && LC_ALL=C.UTF-8 " + REPO.resolve("run.sh")
                + " --workers 4 --every 1s --task-time 200ms; echo EXITED=$?; sleep 60";
        assertThat(tmux("new-session", "-d", "-s", SESSION, "-x", "110", "-y", "36", command))
                .isZero();

        // Three naive ticks (twelve rows, each marked) before the switch, so the capture shows the bug plainly.
        String naive = awaitScreen(
                s -> s.contains("NAIVE") && s.split("DUP ×4", -1).length > 12 && s.contains("Lock: none"),
                Duration.ofSeconds(60));
        Files.writeString(Path.of("target", "dashboard-naive.txt"), naive);
        List<Long> pids = workerPids(naive);
        assertThat(pids).hasSize(4);

        tmux("send-keys", "-t", SESSION, "3");
        String redis = awaitScreen(
                s -> s.contains("REDIS") && s.contains("owner   w") && redisRowsWithoutMark(s) >= 2,
                Duration.ofSeconds(30));
        Files.writeString(Path.of("target", "dashboard-redis.txt"), redis);
        assertThat(redis).contains("scheduler_lock:tick").contains("▼redis");
        // The default, --servers auto: the machine's redis-server where it has one (Debian's is a multi-call link).
        assertThat(redis)
                .contains(TestServers.hasMachineRedis() ? "redis ready (machine " : "redis ready (embedded 6.2.11)");

        tmux("send-keys", "-t", SESSION, "q");
        awaitScreen(s -> s.contains("Quit the lab?"), Duration.ofSeconds(10));
        tmux("send-keys", "-t", SESSION, "y");
        awaitScreen(s -> s.contains("EXITED="), Duration.ofSeconds(60));
        // The summary, its why lines included, is longer than the window: read what scrolled up too.
        String after = capture("-S", "-200");

        assertThat(after).contains("EXITED=0").contains("summary - counted from the counter table");
        assertThat(pids)
                .noneMatch(
                        pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    /** The pid column of the workers panel: what must be gone after the quit. */
    private static List<Long> workerPids(String screen) {
        List<Long> pids = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^.w\\d+\\s+(\\d+)\\s").matcher(screen);
        while (m.find()) {
            pids.add(Long.parseLong(m.group(1)));
        }
        return pids;
    }

    /** Counter rows written in the redis mode: one per tick, so none carries a DUP mark. */
    private static long redisRowsWithoutMark(String screen) {
        return screen.lines()
                .filter(l -> l.matches("\\s+\\d+ \\S+ w\\d+\\s+\\S+ redis\\s*│.*"))
                .count();
    }

    private String awaitScreen(Predicate<String> ready, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = capture();
            if (ready.test(screen)) {
                return screen;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the screen did not get there in " + timeout + "; last screen:\n" + screen);
    }

    private String capture(String... more) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux", "capture-pane", "-p", "-t", SESSION));
        cmd.addAll(List.of(more));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    private static int tmux(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux"));
        cmd.addAll(List.of(args));
        return run(cmd.toArray(String[]::new));
    }

    private static int run(String... cmd) throws IOException, InterruptedException {
        return new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start()
                .waitFor();
    }
}
