package lab.servers;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import lab.nemesis.ServerName;
import lab.os.SessionFolder;
import lab.os.Spawner;
import lab.protocol.RedisPersistence;
import lab.protocol.ServerSource;

/**
 * A real {@code redis-server} on 127.0.0.1 and a free port, with its files in {@code dir}, closed by the session's
 * password; it can be stopped and started again on the same port (the dashboard's "Redis down" fault) and dies
 * with the launcher.
 *
 * <p>The binary is the machine's own or the one that embedded-redis ships ({@link SourceChoice}): unpacked here and
 * started through {@link Spawner}, never by the library, whose child would outlive a killed launcher.
 */
public final class RedisServer extends OwnedServer {
    /** What the binary itself reports (its resource is named 6.2.6; EmbeddedRedisServerTest keeps this honest). */
    static final String EMBEDDED_VERSION = "6.2.11";

    static final String EMBEDDED = "embedded-redis 1.4.3 (redis-server " + EMBEDDED_VERSION + ")";
    static final String RESOURCE = "redis-server-6.2.6-v5-linux-amd64";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(10);
    static final Pattern VERSION = Pattern.compile("v=(\\d+\\.\\d+(?:\\.\\d+)?)");
    /** The config sets protected-mode (3.2); the guards send SET ... NX PX and EVAL (2.6.12). */
    static final Version OLDEST = Version.parse("3.2");

    private final Path binary;
    private final String source;
    private final String detail;
    private final RedisPersistence persistence;

    private RedisServer(
            Path dir,
            Path binary,
            String source,
            String detail,
            String note,
            int port,
            String password,
            List<String> alsoOn,
            RedisPersistence persistence) {
        super(dir, port, password, note, alsoOn);
        this.binary = binary;
        this.source = source;
        this.detail = detail;
        this.persistence = persistence;
    }

    /** On a port chosen beforehand, so that its URL can be handed out before it exists. */
    public static RedisServer start(Path dir, ServerSource source, int port, String password) throws IOException {
        return start(dir, source, port, password, MachinePrograms.here(), List.of(), RedisPersistence.NONE);
    }

    /** The same, also listening on {@code alsoOn} (the launcher's side of each simulated host's link). */
    public static RedisServer start(Path dir, ServerSource source, int port, String password, List<String> alsoOn)
            throws IOException {
        return start(dir, source, port, password, MachinePrograms.here(), alsoOn, RedisPersistence.NONE);
    }

    /** The same, keeping across a restart what {@code persistence} says. */
    public static RedisServer start(
            Path dir, ServerSource source, int port, String password, List<String> alsoOn, RedisPersistence persistence)
            throws IOException {
        return start(dir, source, port, password, MachinePrograms.here(), alsoOn, persistence);
    }

    static RedisServer start(Path dir, ServerSource source, int port, String password, MachinePrograms machine)
            throws IOException {
        return start(dir, source, port, password, machine, List.of(), RedisPersistence.NONE);
    }

    static RedisServer start(
            Path dir,
            ServerSource source,
            int port,
            String password,
            MachinePrograms machine,
            List<String> alsoOn,
            RedisPersistence persistence)
            throws IOException {
        long t0 = System.nanoTime();
        Files.createDirectories(dir);
        return SourceChoice.start(
                ServerName.REDIS.toString(),
                source,
                note -> {
                    Path found = machine.onPath("redis-server")
                            .orElseThrow(() -> new IOException("no redis-server on this machine's PATH"));
                    Version v = MachinePrograms.version(found, VERSION);
                    if (!v.atLeast(OLDEST)) {
                        throw new IOException("the machine's redis-server " + v + " is older than " + OLDEST
                                + " (protected mode, SET NX PX and EVAL)");
                    }
                    RedisServer s = new RedisServer(
                            dir,
                            found,
                            "machine " + v,
                            "machine redis-server " + v + ", " + found,
                            note,
                            port,
                            password,
                            alsoOn,
                            persistence);
                    try {
                        s.launch(t0);
                    } catch (InterruptedIOException stopping) {
                        throw stopping;
                    } catch (IOException e) {
                        throw new IOException(
                                "the machine's redis-server " + v + " failed (" + e.getMessage() + ")", e);
                    }
                    return s;
                },
                note -> {
                    Path binary = Unpacker.executable(RESOURCE, dir.resolve("redis-server"));
                    RedisServer s = new RedisServer(
                            dir,
                            binary,
                            "embedded " + EMBEDDED_VERSION,
                            EMBEDDED,
                            note,
                            port,
                            password,
                            alsoOn,
                            persistence);
                    s.launch(t0);
                    return s;
                },
                EMBEDDED);
    }

    @Override
    protected ServerProcess startProcess() throws IOException {
        // The password goes in a file only the lab's user can read: on the command line, `ps` would show it to all.
        // No RDB snapshot ever: a fork to save would be one more child. The AOF only when asked (aof-always), in
        // this server's own folder, so that a restart of the same server reloads it; otherwise lock keys must not
        // survive a restart, as a cache's do not.
        Path conf = SessionFolder.privateFile(
                dir.resolve("redis.conf"),
                String.join(
                        "\n",
                        "bind " + String.join(" ", bindAddresses()),
                        "port " + port,
                        "protected-mode yes",
                        "requirepass " + password,
                        "save \"\"",
                        persistence.keepsKeys() ? "appendonly yes\nappendfsync always" : "appendonly no",
                        "daemonize no",
                        "dir \"" + dir + "\"",
                        ""));
        List<String> command = List.of(binary.toString(), conf.toString());
        ServerProcess process =
                ServerProcess.start("redis-server on 127.0.0.1:" + port, command, dir.resolve("redis.log"));
        try {
            process.awaitReady(() -> "+PONG".equals(ping()), READY_TIMEOUT);
        } catch (InterruptedIOException stopping) {
            throw stopping;
        } catch (IOException e) {
            throw new IOException(
                    "redis server (" + source + ") could not start on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        return process;
    }

    /** AUTH, then PING, on one connection: enough to know it is up; clients proper live in lab.guard.redis. */
    private String ping() throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write(("AUTH " + password + "\r\nPING\r\n").getBytes(StandardCharsets.UTF_8));
            InputStream in = socket.getInputStream();
            String auth = line(in);
            return auth.equals("+OK") ? line(in) : auth;
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder reply = new StringBuilder();
        for (int b = in.read(); b != -1 && b != '\r'; b = in.read()) {
            reply.append((char) b);
        }
        in.read(); // the '\n' after '\r'
        return reply.toString();
    }

    @Override
    protected String name() {
        return ServerName.REDIS.toString();
    }

    /** What it keeps across a restart. */
    public RedisPersistence persistence() {
        return persistence;
    }

    /**
     * Stops the server (SIGTERM: with no save points it exits at once) and waits until it is gone. With aof-always
     * every write was on disk before it was answered, so a crash would have kept the same keys.
     */
    @Override
    protected void stopProcess() {
        if (process != null && process.alive()) {
            process.terminate();
            process.awaitExit(Duration.ofSeconds(5));
        }
    }

    /** With the session's password in it: for the lab's own clients, never for a line a person reads. */
    @Override
    public String url() {
        return "redis://:" + password + "@127.0.0.1:" + port;
    }

    /** "machine 7.0.15" or "embedded 6.2.11". */
    @Override
    public String source() {
        return source;
    }

    /** Which program, and where from: "machine redis-server 7.0.15, /usr/bin/redis-server". */
    @Override
    public String detail() {
        return detail;
    }
}
