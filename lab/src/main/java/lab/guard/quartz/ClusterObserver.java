package lab.guard.quartz;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import lab.guard.Clients;
import lab.guard.LockObserver;
import lab.guard.LockState;
import lab.guard.postgres.PostgresLocks;

/**
 * Reads Quartz's cluster from its own tables, as a learner would with {@code psql}, with plain JDBC (the launcher
 * loads no Quartz): {@code qrtz_fired_triggers}, the tick's trigger in flight and on which node, and
 * {@code qrtz_scheduler_state}, each node's last check-in and when the others will call it dead (its check-in
 * interval plus Quartz's fixed 7.5 s grace after it).
 */
final class ClusterObserver implements LockObserver {
    /**
     * Quartz's ClusterManager: a node is failed once its check-in is older than its interval plus this. The panel shows
     * that floor: Quartz 2.5.2 counts {@code max(interval, now - the judging node's own last check-in)}, so a judge that
     * checked in late itself waits longer, and it reads the time on its own clock.
     */
    static final long GRACE_MS = 7_500;

    static final String FIRED = "SELECT instance_name, state, sched_time FROM qrtz_fired_triggers"
            + " WHERE sched_name = ? AND trigger_name = ? ORDER BY sched_time, instance_name";
    static final String NODES = "SELECT instance_name, last_checkin_time, checkin_interval FROM qrtz_scheduler_state"
            + " WHERE sched_name = ? ORDER BY instance_name";

    private static final DateTimeFormatter TIME_OF_DAY =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final String url;
    private final String trigger;
    private final Clients clients = new Clients();

    ClusterObserver(String url, String job) {
        this.url = url;
        this.trigger = StoredTick.triggerName(job);
    }

    @Override
    public LockState observe() {
        List<String> fired = new ArrayList<>();
        List<String> nodes = new ArrayList<>();
        DataSource ds = PostgresLocks.dataSource(clients, url, "lab-quartz-observer");
        try (Connection c = ds.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement(FIRED)) {
                ps.setString(1, ClusteredSchedule.NAME);
                ps.setString(2, trigger);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        fired.add(rs.getString(1) + " " + rs.getString(2) + " (scheduled " + time(rs.getLong(3)) + ")");
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement(NODES)) {
                ps.setString(1, ClusteredSchedule.NAME);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long last = rs.getLong(2);
                        nodes.add(rs.getString(1) + " checked in " + time(last) + ", dead after "
                                + time(last + rs.getLong(3) + GRACE_MS));
                    }
                }
            }
        } catch (SQLException e) {
            // No tables yet (no worker has switched in): no fire, no node.
            if (!"42P01".equals(e.getSQLState())) {
                throw new IllegalStateException("postgres: Quartz's tables cannot be read: " + e.getMessage(), e);
            }
        }
        return new LockState(
                QuartzClusterMode.LOCK, trigger, fired.isEmpty() ? null : String.join(", ", fired), -1, nodes);
    }

    private static String time(long epochMillis) {
        return TIME_OF_DAY.format(Instant.ofEpochMilli(epochMillis));
    }

    @Override
    public void close() {
        clients.close();
    }
}
