package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Nothing outlives the launcher, whatever ends it. */
class NoOrphanTest {
    private static final Pattern PIDS = Pattern.compile("\\(pids \\[([0-9, ]+)]\\)");

    @TempDir
    Path dir;

    private static List<Long> pids(String readyLine) {
        Matcher m = PIDS.matcher(readyLine);
        assertThat(m.find()).as("pids in: %s", readyLine).isTrue();
        return Arrays.stream(m.group(1).split(",\\s*")).map(Long::parseLong).toList();
    }

    private static void assertAllGoneWithin(List<Long> pids, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline && pids.stream().anyMatch(NoOrphanTest::alive)) {
            Thread.sleep(50);
        }
        assertThat(pids)
                .as("worker pids alive %s after the launcher died", limit)
                .noneMatch(NoOrphanTest::alive);
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void kill_9_of_the_launcher_leaves_no_worker_alive_2_seconds_later_even_a_paused_one() throws Exception {
        try (LauncherProcess lab = LauncherProcess.start(
                dir,
                Map.of(),
                "--headless",
                "--workers",
                "3",
                "--every",
                "1s",
                "--duration",
                "60s",
                "--runs-dir",
                dir.resolve("runs").toString())) {
            List<Long> pids = pids(lab.awaitLine(l -> l.startsWith("all 3 workers ready"), Duration.ofSeconds(60)));
            // A paused worker cannot watch its parent; the kernel's parent-death SIGKILL reaches it all the same.
            new ProcessBuilder("kill", "-STOP", String.valueOf(pids.get(0)))
                    .start()
                    .waitFor();

            new ProcessBuilder("kill", "-9", String.valueOf(lab.process.pid()))
                    .start()
                    .waitFor();

            assertAllGoneWithin(pids, Duration.ofSeconds(2));
        }
    }

    @Test
    void kill_9_of_a_launcher_with_hosts_in_network_namespaces_leaves_no_worker_namespace_or_link_5_seconds_later()
            throws Exception {
        lab.os.NetworkHost.whyNot()
                .ifPresent(why -> org.junit.jupiter.api.Assumptions.abort("no network namespaces here: " + why));
        try (LauncherProcess lab = LauncherProcess.start(
                dir,
                Map.of(),
                "--headless",
                "--workers",
                "2",
                "--hosts",
                "2",
                "--every",
                "1s",
                "--duration",
                "60s",
                "--runs-dir",
                dir.resolve("runs").toString())) {
            lab.awaitLine(l -> l.startsWith("hosts in network namespaces: "), Duration.ofSeconds(60));
            List<Long> pids = pids(lab.awaitLine(l -> l.startsWith("all 2 workers ready"), Duration.ofSeconds(60)));
            String links = "sl" + Long.toString(lab.process.pid(), 36) + "h";
            assertThat(linksStartingWith(links))
                    .as("the hosts' links while the lab runs")
                    .hasSize(2);

            new ProcessBuilder("kill", "-9", String.valueOf(lab.process.pid()))
                    .start()
                    .waitFor();

            assertAllGoneWithin(pids, Duration.ofSeconds(2));
            // The kernel frees a namespace, and its links, in the background once its last process is gone.
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (System.nanoTime() < deadline && !linksStartingWith(links).isEmpty()) {
                Thread.sleep(50);
            }
            assertThat(linksStartingWith(links))
                    .as("links left 5 s after kill -9")
                    .isEmpty();
        }
    }

    private static List<String> linksStartingWith(String prefix) throws java.io.IOException {
        try (java.util.stream.Stream<Path> links = Files.list(Path.of("/sys/class/net"))) {
            return links.map(l -> l.getFileName().toString())
                    .filter(n -> n.startsWith(prefix))
                    .toList();
        }
    }

    @Test
    void the_next_launcher_removes_the_temp_folder_of_a_launcher_killed_with_9() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path stale = Files.createDirectories(tmp.resolve("schedlock-" + Integer.MAX_VALUE + "-123"));
        Files.writeString(stale.resolve("lab.mv.db"), "left behind");
        try (LauncherProcess lab = LauncherProcess.start(
                dir,
                Map.of("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp),
                "--headless",
                "--workers",
                "1",
                "--every",
                "1s",
                "--duration",
                "1s",
                "--runs-dir",
                dir.resolve("runs").toString())) {
            assertThat(lab.awaitExit(Duration.ofSeconds(60))).isZero();
        }
        assertThat(stale).doesNotExist();
        try (var left = Files.list(tmp)) {
            assertThat(left)
                    .as("the session's own folder is removed at exit too")
                    .isEmpty();
        }
    }

    @Test
    void a_worker_that_cannot_start_is_named_with_its_stderr_and_the_others_are_stopped() throws Exception {
        try (LauncherProcess lab = LauncherProcess.start(
                dir,
                Map.of("LAB_WORKER_JAVA_OPTS", "-XX:+NoSuchFlagHere"),
                "--headless",
                "--workers",
                "2",
                "--every",
                "1s",
                "--duration",
                "5s",
                "--runs-dir",
                dir.resolve("runs").toString())) {
            int code = lab.awaitExit(Duration.ofSeconds(60));

            assertThat(code).isEqualTo(Main.START_FAILED);
            assertThat(String.join("\n", lab.err))
                    .contains("error: w1 exited with code 1 before it was ready")
                    .contains("NoSuchFlagHere");
            assertThat(lab.process.descendants().filter(ProcessHandle::isAlive)).isEmpty();
        }
    }
}
