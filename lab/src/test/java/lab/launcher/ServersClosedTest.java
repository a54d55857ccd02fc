package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import lab.protocol.summary.SummaryCodec;
import lab.servers.H2Server;
import lab.servers.Resp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's three servers are closed to the machine's other users by the session's password, which only the lab's
 * own processes know: a client without it is refused by each, H2 creates no database for a stranger, the workers
 * get in, and the password shows on no command line, in no output and in no recording. One launcher run, as
 * {@code ./run.sh} starts it by default: the machine's binaries where it has them.
 */
class ServersClosedTest {
    private static final Pattern READY = Pattern.compile("^(redis|postgres) server ready at 127\\.0\\.0\\.1:(\\d+) ");
    private static final Pattern H2 = Pattern.compile("^h2 server ready on 127\\.0\\.0\\.1:(\\d+) ");

    @TempDir
    Path work;

    @Test
    void a_client_without_the_password_is_refused_by_each_server_and_the_lab_never_shows_it() throws Exception {
        Path runs = work.resolve("runs");
        Path summary = work.resolve("summary.json");
        try (LauncherProcess lab = LauncherProcess.start(
                work,
                Map.of(),
                "--headless",
                "--workers",
                "2",
                "--every",
                "1s",
                "--task-time",
                "200ms",
                "--mode",
                "redis",
                "--duration",
                "9s",
                "--switch",
                "4s=postgres",
                "--summary-json",
                summary.toString(),
                "--runs-dir",
                runs.toString())) {
            Path env = Path.of(lab.awaitLine(l -> l.contains("servers.env"), Duration.ofSeconds(60))
                    .replaceAll(".* source ", ""));
            assertThat(Files.getPosixFilePermissions(env))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
            String password = find(Files.readString(env), "REDISCLI_AUTH='([^']+)'");
            int h2 = Integer.parseInt(
                    find(lab.awaitLine(l -> H2.matcher(l).find(), Duration.ofSeconds(60)), H2.pattern()));
            int redis = port(lab, "redis");
            int postgres = port(lab, "postgres");

            assertThat(Resp.call(redis, "GET", "scheduler_lock:tick")).startsWith("-NOAUTH");
            assertThat(Resp.authed(redis, password, "PING")).isEqualTo("+PONG");
            assertThatThrownBy(() -> DriverManager.getConnection(
                                    "jdbc:postgresql://127.0.0.1:" + postgres + "/postgres?user=postgres")
                            .close())
                    .hasMessageContaining("no password was provided");
            assertThatThrownBy(() -> DriverManager.getConnection(
                                    "jdbc:h2:tcp://127.0.0.1:" + h2 + "/lab", H2Server.USER, "")
                            .close())
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Wrong user name or password");
            // What a stranger tried first: a database of their own, as its admin, to run Java in the launcher.
            assertThatThrownBy(() -> DriverManager.getConnection("jdbc:h2:tcp://127.0.0.1:" + h2 + "/evil", "sa", "sa")
                            .close())
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("not found");
            assertThat(commandLinesWith(password))
                    .as("command lines that carry the password")
                    .isEmpty();

            assertThat(lab.awaitExit(Duration.ofSeconds(60))).isZero();
            String out = String.join("\n", lab.out) + String.join("\n", lab.err);
            assertThat(out).contains("servers.env").doesNotContain(password);
            try (Stream<Path> files = Files.walk(runs)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    assertThat(Files.readString(f)).as(f.toString()).doesNotContain(password);
                }
            }
            String json = Files.readString(summary);
            assertThat(json).doesNotContain(password);
            // The workers got in: rows in both lock modes, each through its own server.
            assertThat(rows(json, "redis")).isPositive();
            assertThat(rows(json, "postgres")).isPositive();
        }
    }

    private static int port(LauncherProcess lab, String server) throws InterruptedException {
        String line = lab.awaitLine(l -> READY.matcher(l).find() && l.startsWith(server + " "), Duration.ofSeconds(60));
        Matcher m = READY.matcher(line);
        assertThat(m.find()).isTrue();
        return Integer.parseInt(m.group(2));
    }

    private static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        assertThat(m.find()).as(regex + " in " + text).isTrue();
        return m.group(1);
    }

    private static long rows(String summaryJson, String mode) {
        return SummaryCodec.fromJson(summaryJson).byMode().stream()
                .filter(m -> m.mode().equals(mode))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no mode " + mode + " in " + summaryJson))
                .figures()
                .rows();
    }

    /** Every process's command line that holds {@code secret}, as any user of the machine can read them. */
    private static List<String> commandLinesWith(String secret) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .toList()) {
                try {
                    String cmdline = Files.readString(p.resolve("cmdline")).replace('\0', ' ');
                    if (cmdline.contains(secret)) {
                        found.add(p.getFileName() + ": " + cmdline);
                    }
                } catch (IOException gone) {
                    // the process ended while we looked
                }
            }
        }
        return found;
    }
}
