package lab.os;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Loopback ports for the servers the lab starts. */
public final class FreePort {
    private FreePort() {}

    /**
     * A port that was free a moment ago. Another process may take it before the server binds it; the server then
     * fails with "address already in use" in its log, which the start failure quotes.
     */
    public static int pick() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
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
