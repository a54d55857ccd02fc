package lab.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import lab.os.FreePort;
import lab.protocol.ServerSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A delayed restart that outlives its session must not leave a server no one stops: a closed one never starts. */
class ClosedServerTest {
    @TempDir
    Path tmp;

    @Test
    void a_closed_server_refuses_to_start_again() throws IOException {
        RedisServer redis =
                RedisServer.start(tmp.resolve("redis"), ServerSource.EMBEDDED, FreePort.pick(), TestServers.PASSWORD);
        redis.close();

        assertThat(redis.closed()).isTrue();
        assertThatThrownBy(redis::start)
                .isInstanceOf(IOException.class)
                .hasMessage("redis server is closed: the session is over");
        assertThat(redis.isRunning()).isFalse();
    }
}
