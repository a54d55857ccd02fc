package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import lab.guard.postgres.PostgresAdvisoryLock;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;

/** The blocking advisory lock behind a holder that never lets go (paused, or a forgotten session). */
class PostgresTrapsTest {
    @Test
    void a_waiter_behind_a_holder_that_never_releases_gives_up_at_its_limit_and_names_the_holder() throws Exception {
        Properties p = new Properties();
        p.setProperty("ApplicationName", "frozen-w9");
        try (Connection holder =
                        DriverManager.getConnection(TestServers.postgres().url(), p);
                Statement st = holder.createStatement()) {
            st.execute("SELECT pg_advisory_lock(42)");
            Guard g = new LeaseGuard<>(
                    "w1",
                    new PostgresAdvisoryLock(
                            "w1", 1, TestServers.postgres().url(), true, false, Duration.ofMillis(500)),
                    LeasePolicy.plain(false),
                    LockListener.NONE,
                    java.time.Clock.systemUTC());
            g.open();
            try {
                long t0 = System.nanoTime();
                Outcome o = g.run(
                        new Tick(Instant.now(), Instant.now().plusSeconds(1), "tick"),
                        (tick, permit) -> new Write.Written(java.time.Instant.now(), java.time.Instant.now()));
                long waited = (System.nanoTime() - t0) / 1_000_000;

                assertThat(o).isInstanceOf(Outcome.Skipped.class);
                assertThat(o.detail())
                        .isEqualTo("w1 - waited 500 ms for advisory lock 42, held by frozen-w9 (backend pid "
                                + o.detail().replaceAll(".*backend pid (\\d+).*", "$1") + "): gave up (lock_timeout)");
                assertThat(waited).isBetween(450L, 5_000L);
            } finally {
                g.close();
                st.execute("SELECT pg_advisory_unlock(42)");
            }
        }
    }
}
