package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import lab.fleet.WorkerProcess;
import lab.os.NetworkHost;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.ServerSource;
import lab.protocol.Store;
import lab.session.ModeSegment;
import lab.session.RunSummary;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two simulated hosts, each a network namespace: the lab's real workers run inside them, so every lock call and
 * every write crosses a veth link, as it would cross a wire between machines. Skipped, with its reason, where
 * namespaces cannot be made.
 */
class HostNetworksLabTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void namespacesCanBeMadeHere() {
        NetworkHost.whyNot().ifPresent(why -> Assumptions.abort("no network namespaces here: " + why));
    }

    /** The launcher's side of each of this JVM's host links, by name, with the bytes it has received so far. */
    private static Map<String, Long> linksReceived() throws IOException {
        String prefix = "sl" + Long.toString(ProcessHandle.current().pid(), 36) + "h";
        Map<String, Long> received = new HashMap<>();
        try (Stream<Path> links = Files.list(Path.of("/sys/class/net"))) {
            for (Path link : links.filter(l -> l.getFileName().toString().startsWith(prefix))
                    .toList()) {
                received.put(
                        link.getFileName().toString(),
                        Long.parseLong(Files.readString(link.resolve("statistics/rx_bytes"))
                                .trim()));
            }
        }
        return received;
    }

    @Test
    void workers_on_two_hosts_reach_the_lock_server_and_the_store_over_their_veth_links_and_take_one_row_per_tick()
            throws Exception {
        LabSettings settings = new LabSettings(
                4,
                2,
                // The lock held to the tick's end: one row per tick whatever a loaded machine does to the fire times.
                ModeSpec.defaults(Mode.POSTGRES)
                        .with(Knobs.TASK_TIME, Duration.ofMillis(300))
                        .with(Knobs.HOLD_AT_LEAST, lab.protocol.Hold.WINDOW),
                Duration.ofSeconds(1),
                lab.protocol.Trigger.CRON,
                lab.protocol.Knobs.JITTER.defaultValue(),
                Duration.ofMinutes(5),
                null,
                dir,
                "tick",
                Store.H2,
                null,
                null,
                ServerSource.AUTO,
                List.of());
        List<String> said = new CopyOnWriteArrayList<>();
        RunSummary summary;
        Set<String> linksWhileRunning;
        try (Lab lab = new Lab(settings)) {
            lab.start(said::add);
            assertThat(said).as("what the lab said").anyMatch(l -> l.startsWith("hosts in network namespaces: host1 "));

            // Each host's workers listen on that host's own address, which is not the launcher's loopback.
            Map<String, String> addressOf = new HashMap<>();
            for (WorkerProcess w : lab.view().workers()) {
                addressOf.put(w.id(), w.address());
            }
            assertThat(addressOf.get("w1")).startsWith("10.213.").isEqualTo(addressOf.get("w2"));
            assertThat(addressOf.get("w3")).startsWith("10.213.").isEqualTo(addressOf.get("w4"));
            assertThat(addressOf.get("w1")).isNotEqualTo(addressOf.get("w3"));

            Map<String, Long> before = linksReceived();
            assertThat(before).as("one link per host").hasSize(2);
            linksWhileRunning = before.keySet();
            Thread.sleep(4_000);
            Map<String, Long> after = linksReceived();
            // A tick's lock calls and its row are hundreds of bytes; four ticks over each link are well beyond it.
            before.forEach((link, bytes) -> assertThat(after.get(link) - bytes)
                    .as("bytes received on %s", link)
                    .isGreaterThan(1_000));

            // The lock server sees its clients come from inside the hosts, by their own addresses.
            Set<String> clients = new HashSet<>();
            try (Connection c = DriverManager.getConnection(lab.view().pgUrl());
                    Statement s = c.createStatement();
                    ResultSet r = s.executeQuery(
                            "SELECT DISTINCT host(client_addr) FROM pg_stat_activity WHERE client_addr IS NOT NULL")) {
                while (r.next()) {
                    clients.add(r.getString(1));
                }
            }
            assertThat(clients).contains(addressOf.get("w1"), addressOf.get("w3"));

            summary = lab.stopAndSummarise(Instant.now());
        }

        ModeSegment postgres = summary.segments().get(0);
        assertThat(postgres.figures().ticks()).as("complete ticks").isGreaterThanOrEqualTo(3);
        assertThat(postgres.figures().rowsPerTick()).as("rows per tick").containsOnly(1);
        assertThat(linksReceived().keySet())
                .as("links left after the lab closed")
                .doesNotContainAnyElementsOf(linksWhileRunning);
    }
}
