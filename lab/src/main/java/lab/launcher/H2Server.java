package lab.launcher;

import java.nio.file.Path;
import java.sql.SQLException;
import org.h2.tools.Server;

/**
 * The store of the naive mode, needing no server of its own: an H2 TCP server inside the launcher, on a free
 * loopback port, with its data in the session's temp folder. It dies with the launcher's JVM.
 */
final class H2Server implements AutoCloseable {
    private final Server server;
    private final long startMillis;

    private H2Server(Server server, long startMillis) {
        this.server = server;
        this.startMillis = startMillis;
    }

    static H2Server start(Path dataDir) throws SQLException {
        long t0 = System.nanoTime();
        // Port 0: H2 binds a port the system picks; -ifNotExists lets the first connection create the database.
        Server server = Server.createTcpServer("-tcpPort", "0", "-baseDir", dataDir.toString(), "-ifNotExists")
                .start();
        return new H2Server(server, (System.nanoTime() - t0) / 1_000_000);
    }

    int port() {
        return server.getPort();
    }

    long startMillis() {
        return startMillis;
    }

    /** Every process of the session uses this URL; the user travels in it so a worker needs nothing else. */
    String jdbcUrl() {
        return "jdbc:h2:tcp://127.0.0.1:" + port() + "/lab;USER=sa;PASSWORD=sa";
    }

    @Override
    public void close() {
        server.stop();
    }
}
