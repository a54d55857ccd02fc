package lab.guard.postgres;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import lab.guard.LockState;
import lab.protocol.Mode;

/** Reads advisory lock 42 from outside: who holds it and who queues, from {@code pg_locks ⋈ pg_stat_activity}. */
public final class PostgresLockObserver implements AutoCloseable {
    /** Holders first, then waiters in the order they started to wait. */
    static final String HOLDERS_SQL = "SELECT a.application_name, l.granted, l.pid FROM pg_locks l"
            + " JOIN pg_stat_activity a ON a.pid = l.pid"
            + " WHERE l.locktype = 'advisory' AND l.classid = 0 AND l.objid = ? AND l.objsubid = 1"
            + " ORDER BY l.granted DESC, a.query_start";

    private final HikariDataSource pool;

    public PostgresLockObserver(String url) {
        this.pool = PostgresLocks.pool(url, "lab-observer");
    }

    /** Throws {@link IllegalStateException} naming the reason when PostgreSQL is down. */
    public LockState observe() {
        String holder = null;
        List<String> waiters = new ArrayList<>();
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(HOLDERS_SQL)) {
            ps.setLong(1, PostgresLocks.KEY);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(1) == null || rs.getString(1).isEmpty()
                            ? "backend " + rs.getInt(3)
                            : rs.getString(1);
                    if (rs.getBoolean(2)) {
                        holder = name;
                    } else {
                        waiters.add(name);
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            throw new IllegalStateException("postgres unreachable: " + PostgresLocks.reason(e), e);
        }
        return new LockState(Mode.Lock.POSTGRES, "advisory " + PostgresLocks.KEY, holder, -1, waiters);
    }

    @Override
    public void close() {
        pool.close();
    }
}
