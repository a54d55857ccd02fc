package lab.guard.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import lab.guard.Clients;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;

/** A worker's PostgreSQL pool, as a switch opens it: busy is not down. */
class PostgresPoolTest {

    @Test
    void a_switch_that_lands_while_the_worker_s_ticks_hold_both_connections_finds_the_server_busy_not_unreachable()
            throws Exception {
        try (Clients clients = new Clients()) {
            String url = TestServers.postgres().url();
            HikariDataSource pool = PostgresLocks.open(clients, url, "w1-busy");
            // Both connections out, as a holder inside its job and a waiter in pg_advisory_lock hold them: the check
            // a switch makes cannot borrow one, whatever the timing.
            try (Connection holding = pool.getConnection();
                    Connection waiting = pool.getConnection()) {
                assertThat(PostgresLocks.open(clients, url, "w1-busy")).isSameAs(pool);
            }
        }
    }

    @Test
    void a_server_that_answers_no_connection_is_said_unreachable() {
        try (Clients clients = new Clients()) {
            // A port nothing listens on: the pool cannot open its first connection.
            String url = "jdbc:postgresql://127.0.0.1:1/lab?user=lab";
            assertThatThrownBy(() -> PostgresLocks.open(clients, url, "w1-down"))
                    .hasMessageStartingWith("postgres unreachable: ");
        }
    }
}
