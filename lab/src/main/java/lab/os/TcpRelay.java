package lab.os;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Relays TCP connections made to one address and port to 127.0.0.1 on the same port, byte for byte. The store's H2
 * server reaches the simulated hosts this way: H2 reads its bind address once per JVM, when its classes load, so it
 * cannot also listen on links made later; a relay on each link keeps it on loopback, behind its password as before.
 */
public final class TcpRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    private TcpRelay(ServerSocket listener, int port) {
        this.listener = listener;
        this.port = port;
    }

    /** Listens on {@code address}:{@code port} at once; each connection is relayed to 127.0.0.1:{@code port}. */
    public static TcpRelay start(String address, int port) throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(new InetSocketAddress(InetAddress.getByName(address), port), 50);
        TcpRelay relay = new TcpRelay(listener, port);
        Thread accept = new Thread(relay::acceptLoop, "relay-" + address + ":" + port);
        accept.setDaemon(true);
        accept.start();
        return relay;
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket in = listener.accept();
                Socket out;
                try {
                    out = new Socket(InetAddress.getLoopbackAddress(), port);
                } catch (IOException refused) {
                    in.close(); // the server is gone: the client sees its connection closed, as it would
                    continue;
                }
                open.add(in);
                open.add(out);
                pump(in, out);
                pump(out, in);
            } catch (IOException e) {
                if (listener.isClosed()) {
                    return; // closed with the lab: the relay ends
                }
                // Out of file descriptors, or the like: said once a second at most, not spun on.
                System.err.println(
                        "lab relay " + listener.getLocalSocketAddress() + " - cannot accept: " + e.getMessage());
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException stop) {
                    return;
                }
            }
        }
    }

    /** Copies {@code from} to {@code to} until either ends, then closes both. */
    private void pump(Socket from, Socket to) {
        Thread t = new Thread(
                () -> {
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        in.transferTo(out);
                    } catch (IOException ended) {
                        // one side closed or reset: both go
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                },
                "relay-pump");
        t.setDaemon(true);
        t.start();
    }

    private void closeQuietly(Socket s) {
        open.remove(s);
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
        open.forEach(this::closeQuietly);
    }
}
