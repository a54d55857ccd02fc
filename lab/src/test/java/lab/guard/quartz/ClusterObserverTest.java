package lab.guard.quartz;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Instant;
import javax.sql.DataSource;
import lab.guard.Clients;
import lab.guard.LockState;
import lab.guard.postgres.PostgresLocks;
import lab.protocol.Mode;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;

/**
 * The lock panel's view of the cluster, read from Quartz's tables on the real PostgreSQL: rows written here by hand as
 * Quartz writes them, so that what is read is decided, not raced.
 */
class ClusterObserverTest {
    private static final Instant T = Instant.parse("2026-12-04T18:00:00Z");

    @Test
    void the_panel_shows_the_fire_in_flight_on_its_node_and_each_nodes_check_in_with_when_it_will_be_called_dead()
            throws Exception {
        String job = "observed-" + System.nanoTime();
        try (Clients clients = new Clients();
                ClusterObserver observer =
                        new ClusterObserver(TestServers.postgres().url(), job)) {
            DataSource ds =
                    PostgresLocks.dataSource(clients, TestServers.postgres().url(), "qrtz-observer-test", 2);
            ClusterStore.create(ds);
            try (Connection c = ds.getConnection();
                    Statement s = c.createStatement()) {
                s.execute("DELETE FROM qrtz_scheduler_state WHERE sched_name = '" + ClusteredSchedule.NAME + "'");
            }
            LockState none = observer.observe();

            try (Connection c = ds.getConnection()) {
                try (PreparedStatement ps =
                        c.prepareStatement("INSERT INTO qrtz_scheduler_state VALUES (?, ?, ?, ?)")) {
                    ps.setString(1, ClusteredSchedule.NAME);
                    ps.setString(2, "w2");
                    ps.setLong(3, T.toEpochMilli());
                    ps.setLong(4, 1_000);
                    ps.execute();
                }
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO qrtz_fired_triggers (entry_id, sched_name,"
                        + " trigger_name, trigger_group, instance_name, fired_time, sched_time, priority, state)"
                        + " VALUES (?, ?, ?, 'DEFAULT', 'w2', ?, ?, 5, 'EXECUTING')")) {
                    ps.setString(1, job);
                    ps.setString(2, ClusteredSchedule.NAME);
                    ps.setString(3, StoredTick.triggerName(job));
                    ps.setLong(4, T.toEpochMilli() + 4);
                    ps.setLong(5, T.toEpochMilli());
                    ps.execute();
                }
            }
            LockState firing = observer.observe();
            try (Connection c = ds.getConnection();
                    Statement s = c.createStatement()) {
                // Left behind, the hand-written node would be a dead node to the next cluster on this server.
                s.execute("DELETE FROM qrtz_scheduler_state WHERE sched_name = '" + ClusteredSchedule.NAME + "'");
                s.execute("DELETE FROM qrtz_fired_triggers WHERE entry_id = '" + job + "'");
            }

            assertThat(none.free()).isTrue();
            assertThat(none.waiters()).isEmpty();
            assertThat(firing.lock().sight()).isEqualTo(Mode.Sight.CLUSTER);
            assertThat(firing.key()).isEqualTo(job + "-trigger");
            assertThat(firing.holder()).isEqualTo("w2 EXECUTING (scheduled 18:00:00.000)");
            // Quartz's ClusterManager: dead once the check-in is older than its interval plus 7.5 s.
            assertThat(firing.waiters()).containsExactly("w2 checked in 18:00:00.000, dead after 18:00:08.500");
        }
    }
}
