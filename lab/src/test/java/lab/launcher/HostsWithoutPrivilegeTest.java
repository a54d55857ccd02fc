package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The path a laptop user takes: no root, so no network namespaces. The launcher runs here without any capability (as
 * root with an empty bounding set, which refuses {@code unshare --net} as a user's shell would), says in one line that
 * hosts are lock folders only, and the lesson still holds: host-mutex gives one row per host. No switch of the lab's
 * is involved; the machine's refusal is real.
 */
class HostsWithoutPrivilegeTest {
    private static final List<String> NO_CAPABILITIES =
            List.of("/usr/bin/setpriv", "--bounding-set=-all", "--inh-caps=-all", "--");
    private static final Pattern ROWS = Pattern.compile("rows per tick min/median/max (\\d+)/(\\d+)/(\\d+)");

    @TempDir
    Path dir;

    @Test
    void without_privilege_hosts_are_lock_folders_said_in_one_line_and_host_mutex_gives_one_row_per_host()
            throws Exception {
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of(NO_CAPABILITIES.get(0))), "no setpriv here to drop the capabilities");
        try (LauncherProcess lab = LauncherProcess.start(
                NO_CAPABILITIES,
                dir,
                Map.of(),
                "--headless",
                "--workers",
                "2",
                "--hosts",
                "2",
                "--mode",
                "host-mutex",
                "--every",
                "1s",
                "--duration",
                "4s",
                "--runs-dir",
                dir.resolve("runs").toString())) {
            assertThat(lab.awaitExit(Duration.ofSeconds(120))).as("exit code").isZero();

            assertThat(lab.out.stream().filter(l -> l.startsWith("hosts ")))
                    .as("what the lab said of its hosts")
                    .singleElement()
                    .asString()
                    .startsWith("hosts are lock folders only, on the launcher's network: unshare --net failed");
            assertThat(lab.out).noneMatch(l -> l.contains("listening on 10.213."));
            String hostMutex = lab.out.stream()
                    .filter(l -> l.trim().startsWith("host-mutex:"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no host-mutex figures in:\n" + String.join("\n", lab.out)));
            Matcher m = ROWS.matcher(hostMutex);
            assertThat(m.find()).as("rows per tick in: %s", hostMutex).isTrue();
            assertThat(List.of(m.group(1), m.group(2), m.group(3)))
                    .as("rows per tick (min, median, max): one per host")
                    .containsOnly("2");
        }
    }
}
