package lab.os;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A simulated host's network is real: a process inside reaches the launcher's side of its link by a hop that the
 * veth counters see, the launcher's loopback is out of its reach, and the namespace and its link go when their
 * holder does. Skipped, with the reason, where namespaces cannot be made (no root, no iproute2).
 */
class NetworkHostTest {
    @BeforeAll
    static void namespacesCanBeMadeHere() {
        NetworkHost.whyNot().ifPresent(why -> Assumptions.abort("no network namespaces here: " + why));
    }

    /** Runs {@code script} with bash inside {@code host}'s network; returns its exit code. */
    private static int inside(NetworkHost host, String script) throws Exception {
        List<String> command = new ArrayList<>(host.enter());
        command.addAll(List.of("/bin/bash", "-c", script));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("%s finished", script).isTrue();
        return p.exitValue();
    }

    private static long received(NetworkHost host) throws Exception {
        return Long.parseLong(Files.readString(Path.of("/sys/class/net", host.link(), "statistics", "rx_bytes"))
                .trim());
    }

    @Test
    void a_process_on_a_host_reaches_the_launchers_side_of_its_link_and_the_bytes_cross_the_veth() throws Exception {
        try (NetworkHost host = NetworkHost.create(1);
                ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName(host.hostAddress()))) {
            long before = received(host);

            int code = inside(
                    host,
                    "echo hello from " + host.name() + " >/dev/tcp/" + host.hostAddress() + "/"
                            + server.getLocalPort());

            assertThat(code).isZero();
            try (Socket s = server.accept()) {
                String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
                assertThat(line).isEqualTo("hello from host1");
                assertThat(s.getInetAddress().getHostAddress())
                        .as("the peer's address")
                        .isEqualTo(host.address());
            }
            assertThat(received(host))
                    .as("bytes the launcher's side of the link received")
                    .isGreaterThan(before);
        }
    }

    @Test
    void the_launchers_loopback_is_out_of_a_hosts_reach() throws Exception {
        try (NetworkHost host = NetworkHost.create(1);
                ServerSocket onLoopback = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int code = inside(host, "exec 3<>/dev/tcp/127.0.0.1/" + onLoopback.getLocalPort());

            assertThat(code)
                    .as("connecting to the launcher's 127.0.0.1 from inside")
                    .isNotZero();
        }
    }

    @Test
    void two_hosts_have_two_links_with_addresses_of_their_own() throws Exception {
        try (NetworkHost one = NetworkHost.create(1);
                NetworkHost two = NetworkHost.create(2);
                ServerSocket onTwo = new ServerSocket(0, 1, InetAddress.getByName(two.hostAddress()))) {
            assertThat(inside(two, "exec 3<>/dev/tcp/" + two.hostAddress() + "/" + onTwo.getLocalPort()))
                    .as("host2 reaching the launcher's side of its own link")
                    .isZero();
            assertThat(List.of(one.link(), two.link())).doesNotHaveDuplicates();
            assertThat(List.of(one.hostAddress(), one.address(), two.hostAddress(), two.address()))
                    .doesNotHaveDuplicates();
            assertThat(inside(one, "exec 3<>/dev/tcp/" + two.address() + "/9"))
                    .as("host1 reaching host2's side")
                    .isNotZero();
        }
    }

    @Test
    void when_its_holder_dies_the_namespace_and_both_ends_of_its_link_are_gone() throws Exception {
        NetworkHost host = NetworkHost.create(1);
        Path link = Path.of("/sys/class/net", host.link());
        assertThat(link).exists();

        host.close(); // SIGKILL to the holder, as the parent-death signal sends when the launcher is killed

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (Files.exists(link) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(link).as("the launcher's side of the veth pair").doesNotExist();
        assertThat(host.alive()).isFalse();
    }

    @Test
    void a_cut_host_loses_the_lock_servers_address_but_keeps_the_stores_and_heal_gives_it_back() throws Exception {
        try (NetworkHost host = NetworkHost.create(1);
                ServerSocket lock = new ServerSocket(0, 8, InetAddress.getByName(host.lockAddress()));
                ServerSocket store = new ServerSocket(0, 8, InetAddress.getByName(host.hostAddress()))) {
            String reachLock =
                    "timeout 3 bash -c 'echo >/dev/tcp/" + host.lockAddress() + "/" + lock.getLocalPort() + "'";
            String reachStore =
                    "timeout 3 bash -c 'echo >/dev/tcp/" + host.hostAddress() + "/" + store.getLocalPort() + "'";
            assertThat(inside(host, reachLock))
                    .as("lock server reached before the cut")
                    .isZero();

            host.cut();

            assertThat(inside(host, reachLock))
                    .as("lock server reached while cut")
                    .isNotZero();
            assertThat(inside(host, reachStore)).as("store reached while cut").isZero();

            host.heal();

            assertThat(inside(host, reachLock))
                    .as("lock server reached after the heal")
                    .isZero();
        }
    }
}
