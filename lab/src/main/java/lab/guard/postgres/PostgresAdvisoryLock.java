package lab.guard.postgres;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import lab.guard.Attempt;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.Tick;

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
public final class PostgresAdvisoryLock implements LockMechanism<PostgresAdvisoryLock.InTransaction> {
    /** PostgreSQL's SQLSTATE for a lock that lock_timeout gave up on. */
    private static final String LOCK_TIMEOUT = "55P03";

    private final String worker;
    private final String url;
    private final String sql;
    private final Duration waitLimit;
    private HikariDataSource pool;

    /** @param waitLimit with {@code wait}, how long a worker queues before it gives up the tick ({@code lock_timeout}) */
    public PostgresAdvisoryLock(String worker, String url, boolean wait, Duration waitLimit) {
        this.worker = worker;
        this.url = url;
        this.sql = "SELECT pg_" + (wait ? "" : "try_") + "advisory_xact_lock(" + PostgresLocks.KEY + ")";
        this.waitLimit = wait ? waitLimit : null;
    }

    /** The lock, held by the open transaction on this connection. */
    public record InTransaction(Connection connection, String acquired, String ranHow) implements Lease {}

    @Override
    public void open() {
        pool = PostgresLocks.open(url, worker);
    }

    @Override
    public Attempt<InTransaction> acquire(Tick tick) {
        try {
            Connection c = AdvisoryTransaction.begin(pool, waitLimit);
            boolean granted = false;
            try {
                if (AdvisoryTransaction.lock(c, sql)) {
                    granted = true;
                    String said = worker + " - " + sql + (waitLimit != null ? " → granted" : " → true");
                    return new Attempt.Granted<>(
                            new InTransaction(c, said, "ran holding advisory lock " + PostgresLocks.KEY));
                }
                return new Attempt.Refused<>(worker + " - postgres advisory lock " + PostgresLocks.KEY
                        + " not acquired: held by " + PostgresLocks.holder(c) + " (" + sql + " → false)");
            } catch (SQLException e) {
                if (!LOCK_TIMEOUT.equals(e.getSQLState())) {
                    throw e;
                }
                c.rollback(); // the timeout aborted the transaction: nothing more can be asked in it
                return new Attempt.Refused<>(worker + " - waited " + waitLimit.toMillis() + " ms for advisory lock "
                        + PostgresLocks.KEY + ", held by " + PostgresLocks.holder(c) + ": gave up (lock_timeout)");
            } finally {
                if (!granted) {
                    AdvisoryTransaction.abandon(c); // on every other path: no connection is kept from the pool
                }
            }
        } catch (SQLException | RuntimeException e) {
            return new Attempt.Broken<>(PostgresLocks.failure(worker, e));
        }
    }

    @Override
    public LockEvent release(InTransaction lease) {
        return AdvisoryTransaction.commit(worker, lease.connection());
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
