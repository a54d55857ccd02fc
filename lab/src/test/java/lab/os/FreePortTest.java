package lab.os;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FreePortTest {
    @TempDir
    Path dir;

    @Test
    void a_servers_port_is_chosen_below_the_kernels_ephemeral_range_where_no_outgoing_connection_can_take_it()
            throws Exception {
        int low = FreePort.ephemeralLow(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
        for (int i = 0; i < 20; i++) {
            int port = FreePort.pick();
            assertThat(port).isBetween(FreePort.LOWEST, low - 1);
            try (ServerSocket server = new ServerSocket()) {
                server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            }
        }
    }

    @Test
    void a_port_something_listens_on_is_not_bindable() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(FreePort.bindable(taken.getLocalPort())).isFalse();
        }
    }

    @Test
    void the_ephemeral_range_is_read_from_its_first_number_and_an_unreadable_one_leaves_no_range_to_avoid()
            throws Exception {
        Path range = Files.writeString(dir.resolve("range"), "40000\t60999\n");
        assertThat(FreePort.ephemeralLow(range)).isEqualTo(40000);
        assertThat(FreePort.ephemeralLow(dir.resolve("missing"))).isEqualTo(FreePort.LOWEST);
        assertThat(FreePort.ephemeralLow(Files.writeString(dir.resolve("bad"), "x")))
                .isEqualTo(FreePort.LOWEST);
    }
}
