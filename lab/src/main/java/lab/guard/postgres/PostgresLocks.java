package lab.guard.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import lab.guard.Failures;

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
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(url);
        c.setPoolName(name);
        c.setMaximumPoolSize(2);
        c.setMinimumIdle(1);
        // Short: a server that is down must fail the tick now (fail closed), not three seconds into the next one.
        c.setConnectionTimeout(500);
        c.setValidationTimeout(250);
        c.setInitializationFailTimeout(1);
        c.addDataSourceProperty("ApplicationName", name);
        c.addDataSourceProperty("connectTimeout", "1");
        c.addDataSourceProperty("tcpKeepAlive", "true");
        return new HikariDataSource(c);
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
}
