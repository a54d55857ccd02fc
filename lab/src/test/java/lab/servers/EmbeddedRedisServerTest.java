package lab.servers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import lab.protocol.ServerSource;
import org.junit.jupiter.api.Test;

/** The redis-server that embedded-redis ships on Maven Central: what a machine without its own gets. */
class EmbeddedRedisServerTest extends RedisServerContract {
    @Override
    RedisServer start(Path dir, int port, String password) throws IOException {
        return RedisServer.start(dir, ServerSource.EMBEDDED, port, password);
    }

    @Override
    String expectedSourcePrefix() {
        return "embedded 6.2.11";
    }

    @Test
    void the_binary_reports_the_version_the_lab_names_it_by() throws IOException {
        Path binary = Unpacker.executable(RedisServer.RESOURCE, tmp.resolve("check/redis-server"));
        assertThat(MachinePrograms.version(binary, RedisServer.VERSION).toString())
                .isEqualTo(RedisServer.EMBEDDED_VERSION);
    }
}
