package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/** One real redis-server from embedded-redis's jar, shared by the class; closing it is the last test. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisServerTest {
    @TempDir
    static Path tmp;

    static RedisServer redis;

    @BeforeAll
    static void start() throws IOException {
        redis = RedisServer.start(tmp.resolve("redis"), ServerBinaries.EMBEDDED_ONLY);
        System.out.println("redis first start: " + redis.startMillis() + " ms (" + redis.source() + ")");
    }

    @AfterAll
    static void close() {
        redis.close();
    }

    @Test
    @Order(1)
    void the_server_comes_from_maven_central_and_answers_a_lock_command() throws IOException {
        assertThat(redis.source()).isEqualTo("embedded-redis 1.4.3");
        assertThat(redis.url()).isEqualTo("redis://127.0.0.1:" + redis.port());

        assertThat(Resp.call(redis.port(), "SET", "k", "v", "NX", "PX", "1000")).isEqualTo("+OK");
        assertThat(Resp.call(redis.port(), "SET", "k", "w", "NX", "PX", "1000")).isEqualTo("$-1");
    }

    @Test
    @Order(2)
    void a_stopped_server_refuses_connections_and_starts_again_on_the_same_port_empty() throws IOException {
        int port = redis.port();
        redis.stop();
        assertThat(redis.isRunning()).isFalse();
        assertThatThrownBy(() -> Resp.call(port, "PING")).isInstanceOf(IOException.class);

        redis.start();
        System.out.println("redis warm restart: " + redis.startMillis() + " ms");
        assertThat(redis.isRunning()).isTrue();
        assertThat(redis.port()).isEqualTo(port);
        assertThat(Resp.call(port, "EXISTS", "k")).isEqualTo(":0");
        assertThat(Resp.call(port, "SET", "k", "v", "NX", "PX", "1000")).isEqualTo("+OK");
    }

    @Test
    @Order(3)
    void a_restart_on_a_port_someone_took_names_the_server_the_port_and_the_reason() throws IOException {
        redis.stop();
        try (ServerSocket squatter = new ServerSocket(redis.port(), 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(redis::start)
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith(
                            "redis server (embedded-redis 1.4.3) could not start on 127.0.0.1:" + redis.port())
                    .hasMessageContaining("Failed listening on port " + redis.port());
        }
        redis.start();
        assertThat(Resp.call(redis.port(), "PING")).isEqualTo("+PONG");
    }

    @Test
    @Order(4)
    void closing_frees_the_port_and_removes_the_folder() {
        Path dir = tmp.resolve("redis");
        assertThat(dir).isDirectory();
        redis.close();

        assertThat(redis.isRunning()).isFalse();
        assertThat(FreePort.accepting(redis.port())).isFalse();
        assertThat(Files.exists(dir)).isFalse();
    }
}
