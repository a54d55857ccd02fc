package lab.servers;

import java.io.IOException;
import java.nio.file.Path;
import lab.protocol.ServerSource;

/** Zonky's PostgreSQL from Maven Central: what a machine without its own gets. */
class EmbeddedPostgresServerTest extends PostgresServerContract {
    @Override
    PostgresServer start(Path dir, int port, String password) throws IOException {
        return PostgresServer.start(dir, ServerSource.EMBEDDED, port, password);
    }

    @Override
    String expectedSourcePrefix() {
        return "embedded 14.22";
    }
}
