package lab.guard.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import javax.sql.DataSource;
import lab.guard.Attempt;
import lab.guard.Clients;
import lab.guard.Failures;
import lab.guard.Lease;

/** What the PostgreSQL guard and observer share: the advisory key, a small pool, and how to explain a failure. */
public final class PostgresLocks {
    /** The seed's key: every worker of every app that uses 42 shares this one lock. */
    public static final long KEY = 42;

    private PostgresLocks() {}

    /**
     * A pool of two connections whose {@code application_name} is {@code name}, so that {@code pg_stat_activity}
     * shows which worker holds and which waits. It fails at once when the server is down.
     */
    static HikariDataSource pool(String url, String name) {
        // Short: a server that is down must fail the tick now (fail closed), not three seconds into the next one.
        return pool(url, name, 2, 500);
    }

    private static HikariDataSource pool(String url, String name, int size, long connectionTimeoutMs) {
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(url);
        c.setPoolName(name);
        c.setMaximumPoolSize(size);
        c.setMinimumIdle(1);
        c.setConnectionTimeout(connectionTimeoutMs);
        c.setValidationTimeout(250);
        c.setInitializationFailTimeout(1);
        c.addDataSourceProperty("ApplicationName", name);
        c.addDataSourceProperty("connectTimeout", "1");
        c.addDataSourceProperty("tcpKeepAlive", "true");
        return new HikariDataSource(c);
    }

    /**
     * The worker's pool for {@code url}, named {@code name}, opened the first time and kept in {@code clients}, once a
     * connection answers; throws saying why when the server cannot be reached (a kept pool reconnects when it is back).
     */
    static HikariDataSource open(Clients clients, String url, String name) {
        if (url == null) {
            throw new IllegalStateException("no PostgreSQL server is known to this worker");
        }
        HikariDataSource pool;
        try {
            pool = clients.get("postgres " + url + " as " + name, HikariDataSource.class, () -> pool(url, name));
        } catch (RuntimeException e) {
            throw new IllegalStateException("postgres unreachable: " + reason(e), e);
        }
        try (Connection c = pool.getConnection()) {
            return pool;
        } catch (SQLException e) {
            if (busy(pool)) {
                // A switch that lands while this worker's ticks hold both connections (a holder inside its job, a
                // waiter in pg_advisory_lock): the server answered those, so it is reachable, only busy.
                return pool;
            }
            throw new IllegalStateException("postgres unreachable: " + reason(e), e);
        }
    }

    /** Whether connections of {@code pool} are out in use: taken from a server that answered them. */
    static boolean busy(HikariDataSource pool) {
        HikariPoolMXBean state = pool.getHikariPoolMXBean();
        return state != null && state.getActiveConnections() > 0;
    }

    /**
     * The worker's pool for {@code url} as a plain {@code DataSource}, for a library that takes one (ShedLock's
     * {@code JdbcTemplate}): the same pool the advisory lock uses, opened once and kept in {@code clients}; throws
     * saying why when the server cannot be reached.
     */
    public static DataSource dataSource(Clients clients, String url, String name) {
        return open(clients, url, name);
    }

    /**
     * A pool of its own of {@code size} connections to {@code url}, named {@code name} in {@code pg_stat_activity}, for
     * a library that holds several at once and waits for one (Quartz's clustered store: its scheduler thread, its
     * check-ins, its misfire handler and each run's completion), kept in {@code clients} like the worker's other pool;
     * throws saying why when the server cannot be reached.
     */
    public static DataSource dataSource(Clients clients, String url, String name, int size) {
        if (url == null) {
            throw new IllegalStateException("no PostgreSQL server is known to this worker");
        }
        try {
            HikariDataSource pool = clients.get(
                    "postgres " + url + " as " + name + " (" + size + ")",
                    HikariDataSource.class,
                    () -> pool(url, name, size, 5_000));
            try (Connection c = pool.getConnection()) {
                return pool;
            }
        } catch (RuntimeException | SQLException e) {
            throw new IllegalStateException("postgres unreachable: " + reason(e), e);
        }
    }

    /**
     * Whether {@code e} says the connection is gone (SQLSTATE class 08) or was cut by its server shutting down (57P01
     * to 57P03): a connection kept from before a restart fails so on its first use.
     */
    static boolean connectionLost(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("08") || state.startsWith("57P0"));
    }

    /** Why the lock was not taken: every connection busy with earlier ticks, or the server unreachable. */
    static <L extends Lease> Attempt.Broken<L> failure(String worker, Exception e) {
        if (e instanceof SQLTransientConnectionException) {
            // Busy, not down: the tick is skipped, and the server is not said to have failed.
            return new Attempt.Broken<>(
                    worker + " - both of this worker's connections to postgres are busy (earlier ticks still inside"
                            + " or waiting for advisory lock " + KEY + ")",
                    "tick skipped");
        }
        return new Attempt.Broken<>(worker + " - postgres unreachable: " + reason(e));
    }

    /** The root cause, with PostgreSQL's SQLSTATE when it gave one: {@code ... [57P01]} tells a shutdown. */
    static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String state = t instanceof SQLException s && s.getSQLState() != null ? " [" + s.getSQLState() + "]" : "";
        return Failures.rootCause(e) + state;
    }

    /** The application name at the head of a holder's words: {@code w2 (backend pid 812)} → {@code w2}. */
    static String holderName(String holder) {
        return holder.startsWith("nobody") || holder.startsWith("unknown") ? null : holder.split(" ", 2)[0];
    }

    /** Who holds {@code key}, by application name, as {@code pg_locks ⋈ pg_stat_activity} shows it. */
    static String holder(Connection c, AdvisoryKey key) {
        try (PreparedStatement ps = c.prepareStatement(PostgresLockObserver.HOLDERS_SQL)) {
            ps.setLong(1, key.classid());
            ps.setLong(2, key.objid());
            ps.setInt(3, key.objsubid());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getBoolean(2)) {
                        return rs.getString(1) + " (backend pid " + rs.getInt(3) + ")";
                    }
                }
            }
            return "nobody any more";
        } catch (SQLException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }
}
