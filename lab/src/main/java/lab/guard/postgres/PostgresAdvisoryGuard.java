package lab.guard.postgres;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalLong;
import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.Jobs;
import lab.guard.LockListener;
import lab.guard.Outcome;
import lab.guard.Permit;
import lab.guard.Tick;
import lab.protocol.EventType;

/**
 * Mode {@code postgres}: a transaction-scoped advisory lock on key 42, held while the job runs and released by
 * the transaction's end. {@code try} ({@code pg_try_advisory_xact_lock}) skips when another worker holds it;
 * {@code wait} ({@code pg_advisory_xact_lock}, as one seed wrote it) queues behind the holder — and then runs
 * the job all the same: it serialises the duplicates, it does not remove them, unless the job re-checks under
 * the lock whether the tick already has its row ({@code recheck on}).
 *
 * <p>Holder dies: its session ends, PostgreSQL frees the lock at once. Holder pauses: the lock is held as long
 * as the paused session lives; waiters wait, try-lockers skip. PostgreSQL down: every tick fails closed.
 */
public final class PostgresAdvisoryGuard implements Guard {
    private final String worker;
    private final String url;
    private final boolean wait;
    private final Permit permit;
    private final Duration waitLimit;
    private final LockListener listener;
    private HikariDataSource pool;

    /** PostgreSQL's SQLSTATE for a lock that lock_timeout gave up on. */
    private static final String LOCK_TIMEOUT = "55P03";

    /**
     * @param waitLimit in {@code wait} mode, how long a worker queues before it gives up the tick ({@code lock_timeout})
     */
    public PostgresAdvisoryGuard(
            String worker, String url, boolean wait, boolean recheck, Duration waitLimit, LockListener listener) {
        this.waitLimit = waitLimit;
        this.worker = worker;
        this.url = url;
        this.wait = wait;
        this.permit = new Permit(recheck, OptionalLong.empty());
        this.listener = listener;
    }

    @Override
    public void open() {
        if (url == null) {
            throw new IllegalStateException("no PostgreSQL server is known to this worker");
        }
        try {
            pool = PostgresLocks.pool(url, worker);
        } catch (RuntimeException e) {
            throw new IllegalStateException("postgres unreachable: " + PostgresLocks.reason(e), e);
        }
    }

    @Override
    public Outcome run(Tick tick, Job job) {
        String sql = wait
                ? "SELECT pg_advisory_xact_lock(" + PostgresLocks.KEY + ")"
                : "SELECT pg_try_advisory_xact_lock(" + PostgresLocks.KEY + ")";
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            if (wait) {
                // Bounded, so that a paused holder piles up a few waiters, not every tick of the session.
                try (Statement st = c.createStatement()) {
                    st.execute("SET LOCAL lock_timeout = '" + waitLimit.toMillis() + "ms'");
                }
            }
            boolean acquired;
            try (PreparedStatement ps = c.prepareStatement(sql);
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                acquired = wait || rs.getBoolean(1);
            } catch (SQLException e) {
                if (!LOCK_TIMEOUT.equals(e.getSQLState())) {
                    throw e;
                }
                c.rollback();
                return new Outcome.Skipped(worker + " - waited " + waitLimit.toMillis() + " ms for advisory lock "
                        + PostgresLocks.KEY + ", held by " + holder(c) + ": gave up (lock_timeout)");
            }
            if (!acquired) {
                String holder = holder(c);
                c.rollback();
                return new Outcome.Skipped(worker + " - postgres advisory lock " + PostgresLocks.KEY
                        + " not acquired: held by " + holder + " (" + sql + " → false)");
            }
            listener.on(EventType.ACQUIRED, tick, worker + " - " + sql + (wait ? " → granted" : " → true"));
            Outcome outcome = Jobs.run(worker, job, tick, permit, "ran holding advisory lock " + PostgresLocks.KEY);
            release(c, tick);
            return outcome;
        } catch (SQLTransientConnectionException e) {
            return new Outcome.Failed(worker + " - both of this worker's connections to postgres are busy (earlier"
                    + " ticks still inside or waiting for advisory lock " + PostgresLocks.KEY + "); tick skipped");
        } catch (SQLException | RuntimeException e) {
            return new Outcome.Failed(
                    worker + " - postgres unreachable: " + PostgresLocks.reason(e) + "; tick skipped (fail closed)");
        }
    }

    /**
     * The transaction's end is the release. The row is already committed by the store, so the next holder's
     * re-check sees it; a COMMIT that fails still frees the lock, with the session, and the job has run.
     */
    private void release(Connection c, Tick tick) {
        try {
            c.commit();
            listener.on(
                    EventType.RELEASED, tick, worker + " - COMMIT → advisory lock " + PostgresLocks.KEY + " released");
        } catch (SQLException e) {
            listener.on(
                    EventType.ERROR,
                    tick,
                    worker + " - COMMIT failed after the job ran (" + PostgresLocks.reason(e) + "); advisory lock "
                            + PostgresLocks.KEY + " goes with the session");
        }
    }

    /** Who holds key 42, by application name, as {@code pg_locks ⋈ pg_stat_activity} shows it. */
    private static String holder(Connection c) {
        try (PreparedStatement ps = c.prepareStatement(PostgresLockObserver.HOLDERS_SQL)) {
            ps.setLong(1, PostgresLocks.KEY);
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

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
