package lab.servers;

import java.io.IOException;
import java.nio.file.Path;
import lab.protocol.ServerSource;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The machine's own redis-server, as {@code ./run.sh} starts it by default (Debian's is a link to a multi-call
 * binary): skipped, saying so, on a machine that has none. {@code .ci/run} installs Debian's.
 */
@EnabledIf(
        value = "lab.servers.TestServers#hasMachineRedis",
        disabledReason = "this machine has no redis-server on its PATH")
class MachineRedisServerTest extends RedisServerContract {
    @Override
    RedisServer start(Path dir, int port, String password) throws IOException {
        return RedisServer.start(dir, ServerSource.MACHINE, port, password);
    }

    @Override
    String expectedSourcePrefix() {
        return "machine ";
    }
}
