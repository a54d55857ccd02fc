package lab.servers;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.h2.tools.Server;

/**
 * The store of the naive mode, needing no server of its own: an H2 TCP server inside the launcher, on a free
 * loopback port, with its data in the session's temp folder. It dies with the launcher's JVM.
 *
 * <p>It serves one database, created here in-process first with the session's user and password, and no other:
 * with {@code -ifNotExists} any local user could create a database of their own on it and, as its admin, run Java
 * code inside the launcher ({@code CREATE ALIAS}) as the user who started the lab.
 */
public final class H2Server implements AutoCloseable {
    public static final String USER = "lab";
    private static final String DATABASE = "lab";
    private final Server server;
    private final String password;
    private final long startMillis;

    private H2Server(Server server, String password, long startMillis) {
        this.server = server;
        this.password = password;
        this.startMillis = startMillis;
    }

    public static H2Server start(Path dataDir, String password) throws SQLException {
        long t0 = System.nanoTime();
        // The first connection to a new file database creates it, with this user as its admin.
        String local = "jdbc:h2:file:" + dataDir.resolve(DATABASE) + ";USER=" + USER + ";PASSWORD=" + password;
        try (Connection created = DriverManager.getConnection(local)) {
            created.isValid(1);
        }
        // Port 0: H2 binds a port the system picks. Without -ifNotExists it opens existing databases only.
        Server server = Server.createTcpServer("-tcpPort", "0", "-baseDir", dataDir.toString())
                .start();
        return new H2Server(server, password, (System.nanoTime() - t0) / 1_000_000);
    }

    public int port() {
        return server.getPort();
    }

    public long startMillis() {
        return startMillis;
    }

    /** Every process of the session uses this URL (password included: it reaches workers on stdin, never argv). */
    public String jdbcUrl() {
        return "jdbc:h2:tcp://127.0.0.1:" + port() + "/" + DATABASE + ";USER=" + USER + ";PASSWORD=" + password;
    }

    public String address() {
        return "127.0.0.1:" + port();
    }

    @Override
    public void close() {
        server.stop();
    }
}
