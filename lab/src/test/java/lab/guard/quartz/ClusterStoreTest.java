package lab.guard.quartz;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import lab.guard.Clients;
import lab.guard.postgres.PostgresLocks;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;

/** Quartz's tables, from the script in its jar, made once on the real PostgreSQL however many workers start at once. */
class ClusterStoreTest {
    @Test
    void the_script_gives_its_eleven_tables_and_their_indexes_and_never_a_drop() {
        List<String> creates = ClusterStore.creates();

        assertThat(creates).filteredOn(s -> s.startsWith("CREATE TABLE")).hasSize(11);
        assertThat(creates).filteredOn(s -> s.startsWith("CREATE INDEX")).isNotEmpty();
        assertThat(String.join("\n", creates))
                .doesNotContainIgnoringCase("DROP")
                .doesNotContain("COMMIT");
    }

    @Test
    void four_workers_switching_in_at_once_create_the_tables_once_and_each_finds_them() throws Exception {
        try (Clients clients = new Clients()) {
            DataSource ds =
                    PostgresLocks.dataSource(clients, TestServers.postgres().url(), "qrtz-test", 6);
            try (Connection c = ds.getConnection();
                    Statement s = c.createStatement()) {
                // From nothing, as on a fresh server: Quartz's own order, the fired triggers and the locks last.
                for (String table : List.of(
                        "fired_triggers",
                        "paused_trigger_grps",
                        "scheduler_state",
                        "locks",
                        "simple_triggers",
                        "cron_triggers",
                        "simprop_triggers",
                        "blob_triggers",
                        "triggers",
                        "job_details",
                        "calendars")) {
                    s.execute("DROP TABLE IF EXISTS qrtz_" + table);
                }
            }
            ExecutorService pool = Executors.newFixedThreadPool(4);
            CyclicBarrier together = new CyclicBarrier(4);
            List<Future<Boolean>> created = new ArrayList<>();
            try {
                for (int w = 0; w < 4; w++) {
                    created.add(pool.submit(() -> {
                        together.await();
                        return ClusterStore.create(ds);
                    }));
                }
                int first = 0;
                for (Future<Boolean> f : created) {
                    first += f.get(30, TimeUnit.SECONDS) ? 1 : 0;
                }
                assertThat(first).as("workers that created the tables").isEqualTo(1);
            } finally {
                pool.shutdownNow();
            }
            try (Connection c = ds.getConnection();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE"
                                    + " 'qrtz\\_%'")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(11);
            }
        }
    }
}
