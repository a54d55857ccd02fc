package lab.guard.postgres;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import lab.guard.LockObserver;
import lab.guard.LockState;

/** Reads advisory lock 42 from outside: who holds it and who queues, from {@code pg_locks ⋈ pg_stat_activity}. */
public final class PostgresLockObserver implements LockObserver {
    /**
     * Advisory locks are per database, and pg_locks shows the whole server's: only this database's lock 42 is the one
     * its workers share (with lock-servers 2, the other database holds a lock 42 of its own).
     */
    static final String THIS_DATABASE =
            " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())";

    /** Holders first, then waiters in the order they started to wait; one key (classid, objid, objsubid). */
    static final String HOLDERS_SQL = "SELECT a.application_name, l.granted, l.pid FROM pg_locks l"
            + " JOIN pg_stat_activity a ON a.pid = l.pid"
            + " WHERE l.locktype = 'advisory' AND l.classid = ? AND l.objid = ? AND l.objsubid = ?"
            + THIS_DATABASE
            + " ORDER BY l.granted DESC, a.query_start";

    /** Key 42 and every per-tick key (42, window), the newest tick's first: what the panel shows. */
    static final String ANY_SQL = "SELECT a.application_name, l.granted, l.pid, l.objsubid, l.objid FROM pg_locks l"
            + " JOIN pg_stat_activity a ON a.pid = l.pid"
            + " WHERE l.locktype = 'advisory' AND ((l.classid = 0 AND l.objid = ? AND l.objsubid = 1)"
            + " OR (l.classid = ? AND l.objsubid = 2))"
            + THIS_DATABASE
            + " ORDER BY l.objsubid DESC, l.objid DESC, l.granted DESC, a.query_start";

    private final HikariDataSource pool;

    public PostgresLockObserver(String url) {
        this.pool = PostgresLocks.pool(url, "lab-observer");
    }

    /** Throws {@link IllegalStateException} naming the reason when PostgreSQL is down. */
    @Override
    public LockState observe() {
        String holder = null;
        String shown = "advisory " + PostgresLocks.KEY;
        List<String> waiters = new ArrayList<>();
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(ANY_SQL)) {
            ps.setLong(1, PostgresLocks.KEY);
            ps.setLong(2, PostgresLocks.KEY);
            try (ResultSet rs = ps.executeQuery()) {
                String first = null;
                while (rs.next()) {
                    String key = rs.getInt(4) == 1
                            ? "advisory " + PostgresLocks.KEY
                            : "advisory (" + PostgresLocks.KEY + ", " + rs.getLong(5) + ")";
                    if (first == null) {
                        first = key;
                        shown = key;
                    } else if (!first.equals(key)) {
                        break; // one key on the panel: the newest tick's
                    }
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
        return new LockState(PostgresMode.LOCK, shown, holder, -1, waiters);
    }

    @Override
    public void close() {
        pool.close();
    }
}
