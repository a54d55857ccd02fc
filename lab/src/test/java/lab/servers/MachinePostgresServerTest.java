package lab.servers;

import java.io.IOException;
import java.nio.file.Path;
import lab.protocol.ServerSource;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The machine's own PostgreSQL, as {@code ./run.sh} starts it by default (on Debian and Ubuntu under
 * /usr/lib/postgresql/<major>/bin, not on the PATH): skipped, saying so, on a machine that has none.
 */
@EnabledIf(
        value = "lab.servers.TestServers#hasMachinePostgres",
        disabledReason = "this machine has no PostgreSQL server (postgres and initdb)")
class MachinePostgresServerTest extends PostgresServerContract {
    @Override
    PostgresServer start(Path dir, int port, String password) throws IOException {
        return PostgresServer.start(dir, ServerSource.MACHINE, port, password);
    }

    @Override
    String expectedSourcePrefix() {
        return "machine ";
    }
}
