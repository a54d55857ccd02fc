package lab.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A real {@code redis-server} on 127.0.0.1 and a free port, with its files in {@code dir}; it can be stopped and
 * started again on the same port (the dashboard's "Redis down" fault) and dies with the launcher.
 *
 * <p>The binary is the machine's own when it has one, else the one that embedded-redis ships: unpacked here and
 * started through {@link Spawner}, never by the library, whose child would outlive a killed launcher.
 */
public final class RedisServer implements LabServer {
    static final String EMBEDDED = "embedded-redis 1.4.3";
    private static final String RESOURCE = "redis-server-6.2.6-v5-linux-amd64";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(10);

    private final Path dir;
    private final Path binary;
    private final String source;
    private final int port;
    private ServerProcess process;
    private long startMillis;

    private RedisServer(Path dir, Path binary, String source, int port) {
        this.dir = dir;
        this.binary = binary;
        this.source = source;
        this.port = port;
    }

    public static RedisServer start(Path dir, ServerBinaries binaries) throws IOException {
        return start(dir, binaries, FreePort.pick());
    }

    /** On a port chosen beforehand, so that its URL can be handed out before it exists. */
    public static RedisServer start(Path dir, ServerBinaries binaries, int port) throws IOException {
        long t0 = System.nanoTime();
        Files.createDirectories(dir);
        Path machine = binaries.onPath("redis-server").orElse(null);
        Path binary = machine != null ? machine : Unpacker.executable(RESOURCE, dir.resolve("redis-server"));
        RedisServer server = new RedisServer(dir, binary, machine != null ? "machine" : EMBEDDED, port);
        server.launch(t0);
        return server;
    }

    /** Starts it again after {@link #stop()}, on the same port and with the same (empty) data. */
    public synchronized void start() throws IOException {
        if (!isRunning()) {
            launch(System.nanoTime());
        }
    }

    private synchronized void launch(long t0) throws IOException {
        // No RDB snapshot, no AOF: lock keys must not survive a restart, and a fork to save would be one more child.
        List<String> command = List.of(
                binary.toString(),
                "--bind",
                "127.0.0.1",
                "--port",
                Integer.toString(port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                dir.toString(),
                "--daemonize",
                "no");
        process = ServerProcess.start("redis-server on 127.0.0.1:" + port, command, dir.resolve("redis.log"));
        try {
            process.awaitReady(() -> "+PONG".equals(command("PING")), READY_TIMEOUT);
        } catch (IOException e) {
            throw new IOException(
                    "redis server (" + source + ") could not start on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        startMillis = (System.nanoTime() - t0) / 1_000_000;
    }

    /** One inline command, the first line of its reply: enough for PING; clients proper live in lab.guard.redis. */
    private String command(String line) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(1000);
            socket.getOutputStream().write((line + "\r\n").getBytes(StandardCharsets.UTF_8));
            InputStream in = socket.getInputStream();
            StringBuilder reply = new StringBuilder();
            for (int b = in.read(); b != -1 && b != '\r'; b = in.read()) {
                reply.append((char) b);
            }
            return reply.toString();
        }
    }

    /** Stops the server (SIGTERM: with no save points it exits at once) and waits until it is gone. */
    public synchronized void stop() {
        if (process != null && process.alive()) {
            process.terminate();
            process.awaitExit(Duration.ofSeconds(5));
        }
    }

    public synchronized boolean isRunning() {
        return process != null && process.alive();
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** The last start's duration, from the call to the first PONG (unpacking included the first time). */
    public synchronized long startMillis() {
        return startMillis;
    }

    /** "machine" or "embedded-redis 1.4.3". */
    public String source() {
        return source;
    }

    /** The server's process id while it runs. */
    public synchronized long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        stop();
        SessionFolder.deleteTree(dir);
    }
}
