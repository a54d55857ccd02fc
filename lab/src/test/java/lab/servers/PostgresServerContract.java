package lab.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
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
 * What the lab needs of its PostgreSQL, whichever binaries it runs: one real server per class, shared by its
 * tests; closing it is the last test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class PostgresServerContract {
    @TempDir
    static Path tmp;

    PostgresServer postgres;
    final String password = Passwords.generate();

    abstract PostgresServer start(Path dir, int port, String password) throws IOException;

    abstract String expectedSourcePrefix();

    @BeforeAll
    void startIt() throws IOException {
        postgres = start(tmp.resolve("postgres"), FreePort.pick(), password);
        System.out.println("postgres first start: " + postgres.startMillis() + " ms (" + postgres.detail() + ")");
    }

    @AfterAll
    void close() {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    @Order(1)
    void the_server_says_where_it_came_from_and_grants_an_advisory_lock_once() throws SQLException {
        assertThat(postgres.source()).startsWith(expectedSourcePrefix());
        assertThat(postgres.address()).isEqualTo("127.0.0.1:" + postgres.port());

        try (Connection holder = DriverManager.getConnection(postgres.url());
                Connection other = DriverManager.getConnection(postgres.url())) {
            assertThat(tryLock(holder)).isTrue();
            assertThat(tryLock(other)).isFalse();
            assertThat(postgres.source()).endsWith(" " + version(holder).replaceAll("^(\\d+\\.\\d+).*", "$1"));
        }
    }

    @Test
    @Order(2)
    void a_client_without_the_password_or_with_a_wrong_one_is_refused() {
        String bare = "jdbc:postgresql://127.0.0.1:" + postgres.port() + "/postgres?user=postgres";
        assertThatThrownBy(() -> DriverManager.getConnection(bare).close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("no password was provided");
        assertThatThrownBy(() ->
                        DriverManager.getConnection(bare + "&password=guess").close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("password authentication failed");
    }

    @Test
    @Order(3)
    void the_password_is_nowhere_on_the_servers_command_line_nor_left_in_its_folder() throws IOException {
        assertThat(Files.readString(Path.of("/proc/" + postgres.pid() + "/cmdline")))
                .doesNotContain(password);
        assertThat(tmp.resolve("postgres/pwfile")).doesNotExist();
    }

    @Test
    @Order(4)
    void a_stopped_server_cuts_its_sessions_and_starts_again_on_the_same_port() throws Exception {
        int port = postgres.port();
        try (Connection session = DriverManager.getConnection(postgres.url())) {
            postgres.stop();
            assertThat(postgres.isRunning()).isFalse();
            assertThatThrownBy(() -> tryLock(session)).isInstanceOf(SQLException.class);
        }
        assertThat(FreePort.accepting(port)).isFalse();

        postgres.start();
        System.out.println("postgres warm restart: " + postgres.startMillis() + " ms");
        assertThat(postgres.port()).isEqualTo(port);
        try (Connection again = DriverManager.getConnection(postgres.url())) {
            assertThat(tryLock(again)).isTrue();
        }
    }

    @Test
    @Order(5)
    void closing_frees_the_port_and_removes_the_folder() {
        Path dir = tmp.resolve("postgres");
        assertThat(dir).isDirectory();
        postgres.close();

        assertThat(postgres.isRunning()).isFalse();
        assertThat(FreePort.accepting(postgres.port())).isFalse();
        assertThat(Files.exists(dir)).isFalse();
    }

    static boolean tryLock(Connection c) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT pg_try_advisory_lock(42)")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static String version(Connection c) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SHOW server_version")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
