package lab.os;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/** Loopback ports for the servers the lab starts. */
public final class FreePort {
    /** Below the kernel's ephemeral range, above the ports services commonly own. */
    static final int LOWEST = 10_000;

    private static final Path EPHEMERAL = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int TRIES = 50;

    private FreePort() {}

    /**
     * A port that was free a moment ago, chosen outside the kernel's ephemeral range. A server's port is chosen when
     * the lab starts, so that every worker can be told its URL, and the server may bind it much later (a mode switched
     * into, a server started again): a port from the ephemeral range could meanwhile become the local end of any
     * outgoing connection on the machine, the lab's own included, and PostgreSQL then fails with "could not create
     * any TCP/IP sockets". Outside that range only a process that binds the port on purpose can take it; the server
     * then fails with "address already in use" in its log, which the start failure quotes.
     */
    public static int pick() throws IOException {
        int below = ephemeralLow(EPHEMERAL);
        for (int i = 0; i < TRIES && below > LOWEST; i++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            if (bindable(port)) {
                return port;
            }
        }
        // No range to stay out of, or fifty ports taken: the kernel's choice, as before.
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** The first port of the range the kernel gives outgoing connections; {@link #LOWEST} where it cannot be read. */
    static int ephemeralLow(Path rangeFile) {
        try {
            // Read as lines: /proc says its files are empty, and Files.readString, sized by that, reads "3".
            String[] range =
                    String.join(" ", Files.readAllLines(rangeFile)).strip().split("\\s+");
            return Integer.parseInt(range[0]);
        } catch (IOException | RuntimeException unreadable) {
            return LOWEST;
        }
    }

    static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    /** Whether something accepts connections on 127.0.0.1:{@code port}. */
    public static boolean accepting(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
