package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import lab.os.FreePort;
import lab.os.Spawner;
import lab.servers.ServersUntilKilled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hard rule: a launcher killed with {@code kill -9} leaves no redis-server and no postgres behind. */
class ServersDieWithTheLauncherTest {
    /**
     * The postmaster dies by the kernel's hand at once; its children (checkpointer, walwriter, ...) each notice its
     * death and exit by themselves, which on a loaded 2-core machine once took more than 2 s. The loop ends as
     * soon as all are gone, so the margin costs nothing when they are quick.
     */
    private static final java.time.Duration GONE_WITHIN = java.time.Duration.ofSeconds(10);

    @TempDir
    Path tmp;

    @Test
    void servers_are_gone_within_ten_seconds_of_a_kill_9_of_their_launcher() throws Exception {
        Path err = tmp.resolve("launcher.err");
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ServersUntilKilled.class.getName(),
                        tmp.resolve("servers").toString())
                .redirectError(err.toFile());
        Process launcher = Spawner.start(pb);
        try {
            Map<String, long[]> servers = readServers(launcher, err);
            List<Long> pids = new ArrayList<>();
            for (long[] server : servers.values()) {
                pids.add(server[0]);
            }
            assertThat(pids).allMatch(ServersDieWithTheLauncherTest::running);
            // The postmaster's own children (checkpointer, walwriter, ...) must go too: those alive at the kill.
            // (It starts and ends short-lived ones by itself, so a child listed earlier may be gone already.)
            for (long[] server : servers.values()) {
                ProcessHandle.of(server[0])
                        .ifPresent(h ->
                                h.descendants().filter(ProcessHandle::isAlive).forEach(d -> pids.add(d.pid())));
            }

            long killedAt = System.nanoTime();
            launcher.destroyForcibly(); // SIGKILL: no shutdown hook, no close()
            launcher.waitFor(5, TimeUnit.SECONDS);
            while (pids.stream().anyMatch(ServersDieWithTheLauncherTest::running)
                    && System.nanoTime() - killedAt < GONE_WITHIN.toNanos()) {
                Thread.sleep(20);
            }
            System.out.println("server processes gone " + (System.nanoTime() - killedAt) / 1_000_000
                    + " ms after kill -9 of their launcher: " + pids);

            assertThat(pids.stream()
                            .filter(ServersDieWithTheLauncherTest::running)
                            .map(p -> p + " " + command(p)))
                    .as("server processes still running %d s after kill -9 of their launcher", GONE_WITHIN.toSeconds())
                    .isEmpty();
            for (long[] server : servers.values()) {
                assertThat(FreePort.accepting((int) server[1]))
                        .as("port " + server[1] + " answers")
                        .isFalse();
            }
        } finally {
            launcher.destroyForcibly();
        }
    }

    /** "redis PID PORT" and "postgres PID PORT" lines, then "ready"; the launcher's stderr if it dies first. */
    private static Map<String, long[]> readServers(Process launcher, Path err) throws Exception {
        BufferedReader out =
                new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Map<String, long[]>> lines = CompletableFuture.supplyAsync(() -> {
            Map<String, long[]> servers = new HashMap<>();
            try {
                for (String line = out.readLine(); line != null && !line.equals("ready"); line = out.readLine()) {
                    String[] words = line.split(" ");
                    servers.put(words[0], new long[] {Long.parseLong(words[1]), Long.parseLong(words[2])});
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return servers;
        });
        Map<String, long[]> servers = lines.get(60, TimeUnit.SECONDS);
        assertThat(servers)
                .as("servers reported by the launcher; its stderr: %s", Files.readString(err))
                .containsOnlyKeys("redis", "postgres");
        return servers;
    }

    /** Alive and not a zombie: a zombie runs nothing and holds no port, it only waits for init to reap it. */
    private static boolean running(long pid) {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
            } catch (IOException gone) {
                return false;
            }
        }
        return false;
    }

    /** The process's title as ps shows it (a postgres child names its role there), and its state letter. */
    private static String command(long pid) {
        try {
            String title = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"))
                    .replace('\0', ' ')
                    .strip();
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return title + " (state " + stat.charAt(stat.lastIndexOf(')') + 2) + ")";
        } catch (IOException gone) {
            return "?";
        }
    }
}
