package lab.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.os.FreePort;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the lab needs of its Redis, whichever binary it runs: one real server per class, shared by its tests;
 * closing it is the last test. Each source says how to start it and what it must call itself.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class RedisServerContract {
    @TempDir
    static Path tmp;

    RedisServer redis;
    final String password = Passwords.generate();

    /** Starts the server of this source in {@code dir}; a source this machine lacks skips the class here. */
    abstract RedisServer start(Path dir, int port, String password) throws IOException;

    /** The short source the header shows: "embedded 6.2.6", "machine 7.0.15". */
    abstract String expectedSourcePrefix();

    @BeforeAll
    void startIt() throws IOException {
        redis = start(tmp.resolve("redis"), FreePort.pick(), password);
        System.out.println("redis first start: " + redis.startMillis() + " ms (" + redis.detail() + ")");
    }

    @AfterAll
    void close() {
        if (redis != null) {
            redis.close();
        }
    }

    @Test
    @Order(1)
    void the_server_says_where_it_came_from_and_answers_a_lock_command_given_the_password() throws IOException {
        assertThat(redis.source()).startsWith(expectedSourcePrefix());
        assertThat(redis.address()).isEqualTo("127.0.0.1:" + redis.port());
        assertThat(redis.url()).isEqualTo("redis://:" + password + "@127.0.0.1:" + redis.port());

        assertThat(Resp.authed(redis.port(), password, "SET", "k", "v", "NX", "PX", "1000"))
                .isEqualTo("+OK");
        assertThat(Resp.authed(redis.port(), password, "SET", "k", "w", "NX", "PX", "1000"))
                .isEqualTo("$-1");
    }

    @Test
    @Order(2)
    void a_client_without_the_password_or_with_a_wrong_one_is_refused() throws IOException {
        assertThat(Resp.call(redis.port(), "SET", "k", "intruder")).startsWith("-NOAUTH");
        assertThat(Resp.authed(redis.port(), "guess", "PING")).startsWith("-WRONGPASS");
    }

    @Test
    @Order(3)
    void the_password_is_nowhere_on_the_servers_command_line() throws IOException {
        String cmdline = Files.readString(Path.of("/proc/" + redis.pid() + "/cmdline"));
        assertThat(cmdline).doesNotContain(password);
    }

    @Test
    @Order(4)
    void a_stopped_server_refuses_connections_and_starts_again_on_the_same_port_empty() throws IOException {
        int port = redis.port();
        redis.stop();
        assertThat(redis.isRunning()).isFalse();
        assertThatThrownBy(() -> Resp.call(port, "PING")).isInstanceOf(IOException.class);

        redis.start();
        System.out.println("redis warm restart: " + redis.startMillis() + " ms");
        assertThat(redis.isRunning()).isTrue();
        assertThat(redis.port()).isEqualTo(port);
        assertThat(Resp.authed(port, password, "EXISTS", "k")).isEqualTo(":0");
        assertThat(Resp.authed(port, password, "SET", "k", "v", "NX", "PX", "1000"))
                .isEqualTo("+OK");
    }

    @Test
    @Order(5)
    void a_restart_on_a_port_someone_took_names_the_server_the_port_and_the_reason() throws IOException {
        redis.stop();
        try (ServerSocket squatter = new ServerSocket(redis.port(), 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(redis::start)
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith(
                            "redis server (" + redis.source() + ") could not start on 127.0.0.1:" + redis.port())
                    .hasMessageContaining(Integer.toString(redis.port()));
        }
        redis.start();
        assertThat(Resp.authed(redis.port(), password, "PING")).isEqualTo("+PONG");
    }

    @Test
    @Order(6)
    void closing_frees_the_port_and_removes_the_folder() {
        Path dir = tmp.resolve("redis");
        assertThat(dir).isDirectory();
        redis.close();

        assertThat(redis.isRunning()).isFalse();
        assertThat(FreePort.accepting(redis.port())).isFalse();
        assertThat(Files.exists(dir)).isFalse();
    }
}
