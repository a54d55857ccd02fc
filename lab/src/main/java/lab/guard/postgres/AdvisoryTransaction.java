package lab.guard.postgres;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import lab.guard.LockEvent;
import lab.protocol.GivenBack;

/**
 * The transaction that a transaction-scoped advisory lock lives in: begun before the lock is asked for, ended by
 * COMMIT (the release) or by a rollback when the lock was not granted. The connection goes back to the pool at
 * its end either way.
 */
final class AdvisoryTransaction {
    private AdvisoryTransaction() {}

    /** A connection in a new transaction; {@code lockTimeout} bounds a waiting lock call (null: no wait). */
    static Connection begin(HikariDataSource pool, Duration lockTimeout) throws SQLException {
        Connection c = pool.getConnection();
        try {
            c.setAutoCommit(false);
            if (lockTimeout != null) {
                // Bounded, so that a paused holder piles up a few waiters, not every tick of the session.
                try (Statement st = c.createStatement()) {
                    st.execute("SET LOCAL lock_timeout = '" + lockTimeout.toMillis() + "ms'");
                }
            }
            return c;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Runs the lock call; its boolean answer (a waiting call, which answers void, counts as granted). */
    static boolean lock(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            return !sql.contains("try_") || rs.getBoolean(1);
        }
    }

    /** Not granted: nothing to keep, the transaction ends with nothing done. */
    static void abandon(Connection c) {
        try (c) {
            c.rollback();
        } catch (SQLException ignored) {
            // a broken connection: closing it is all that is left, and the pool replaces it
        }
    }

    /**
     * The transaction's end is the release. The row is already committed by the store, so the next holder's
     * re-check sees it; a COMMIT that fails still frees the lock, with the session, and the job has run.
     */
    static LockEvent commit(String worker, Connection c, String label, String owner) {
        try (c) {
            c.commit();
            return new LockEvent(
                    worker + " - COMMIT → " + label + " released",
                    GivenBack.Released.of(label, owner, GivenBack.How.COMMIT));
        } catch (SQLException e) {
            return new LockEvent(
                    worker + " - COMMIT failed after the job ran (" + PostgresLocks.reason(e) + "); " + label
                            + " goes with the session",
                    GivenBack.Error.ofLock(label, owner, null));
        }
    }
}
