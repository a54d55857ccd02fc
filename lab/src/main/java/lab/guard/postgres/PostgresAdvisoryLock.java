package lab.guard.postgres;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalLong;
import lab.guard.Attempt;
import lab.guard.Clients;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.RoundTrip;
import lab.guard.Tick;
import lab.protocol.LockFact;
import lab.protocol.LockOwner;
import lab.protocol.WorkerFact;

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
    private final String owner;
    private final String url;
    private final boolean wait;
    private final boolean perTick;
    private final Duration waitLimit;
    private HikariDataSource pool;
    private Clients clients = new Clients();
    private boolean ownsClients = true;

    /**
     * @param perTick   the two-key form {@code (42, <window>)}: one lock per tick
     * @param waitLimit with {@code wait}, how long a worker queues before it gives up the tick ({@code lock_timeout})
     */
    public PostgresAdvisoryLock(
            String worker, long pid, String url, boolean wait, boolean perTick, Duration waitLimit) {
        this.worker = worker;
        this.owner = LockOwner.of(worker, pid).toString();
        this.url = url;
        this.wait = wait;
        this.perTick = perTick;
        this.waitLimit = wait ? waitLimit : null;
    }

    /** The lock, held by the open transaction on this connection. */
    public record InTransaction(
            Connection connection, String label, String acquired, String ranHow, LockFact.Acquired granted)
            implements Lease {}

    /**
     * Takes its pool from the worker's {@code shared} clients, which outlive it: a switch then keeps the connections,
     * and {@link #close} leaves them open. Without it the lock opens and closes a pool of its own.
     */
    public PostgresAdvisoryLock sharing(Clients shared) {
        this.clients = shared;
        this.ownsClients = false;
        return this;
    }

    @Override
    public void open() {
        pool = PostgresLocks.open(clients, url, worker);
    }

    @Override
    public Attempt<InTransaction> acquire(Tick tick) {
        AdvisoryKey key = perTick ? AdvisoryKey.ofTick(tick) : AdvisoryKey.fixed();
        String sql = "SELECT pg_" + (wait ? "" : "try_") + "advisory_xact_lock(" + key.args() + ")";
        try {
            try {
                return attempt(key, sql);
            } catch (SQLException e) {
                if (!PostgresLocks.connectionLost(e)) {
                    throw e;
                }
                // The pooled connection died with its server (a restart since it was last used): every idle one did
                // too. Dropped, and the attempt made once more on a fresh connection, so that the first tick after
                // the restart runs; a server still down fails it again.
                pool.getHikariPoolMXBean().softEvictConnections();
                return attempt(key, sql);
            }
        } catch (SQLException | RuntimeException e) {
            return PostgresLocks.failure(worker, e);
        }
    }

    private Attempt<InTransaction> attempt(AdvisoryKey key, String sql) throws SQLException {
        Connection c = AdvisoryTransaction.begin(pool, waitLimit);
        boolean granted = false;
        try {
            if (AdvisoryTransaction.lock(c, sql)) {
                granted = true;
                String said = worker + " - " + sql + (waitLimit != null ? " → granted" : " → true");
                return new Attempt.Granted<>(new InTransaction(
                        c,
                        key.label(),
                        said,
                        "ran holding " + key.label(),
                        LockFact.Acquired.of(PostgresMode.LOCK, key.field(), owner)
                                .blocking(wait)));
            }
            String holder = PostgresLocks.holder(c, key);
            return new Attempt.Refused<>(
                    worker + " - postgres " + key.label() + " not acquired: held by " + holder + " (" + sql
                            + " → false)",
                    WorkerFact.Skipped.held(key.field(), PostgresLocks.holderName(holder), null, null));
        } catch (SQLException e) {
            if (!LOCK_TIMEOUT.equals(e.getSQLState())) {
                throw e;
            }
            c.rollback(); // the timeout aborted the transaction: nothing more can be asked in it
            String holder = PostgresLocks.holder(c, key);
            return new Attempt.Refused<>(
                    worker + " - waited " + waitLimit.toMillis() + " ms for " + key.label() + ", held by " + holder
                            + ": gave up (lock_timeout)",
                    new WorkerFact.Skipped(
                            WorkerFact.SkipReason.GAVE_UP,
                            null,
                            key.field(),
                            PostgresLocks.holderName(holder),
                            null,
                            null,
                            null,
                            null));
        } finally {
            if (!granted) {
                AdvisoryTransaction.abandon(c); // on every other path: no connection is kept from the pool
            }
        }
    }

    @Override
    public LockEvent release(InTransaction lease) {
        return AdvisoryTransaction.commit(worker, lease.connection(), lease.label(), owner);
    }

    /**
     * A {@code SELECT 1} on a connection from the pool the lock's transactions take theirs from: Hikari hands a thread
     * back the connection it last returned, the one the lock's COMMIT was just sent on.
     */
    @Override
    public OptionalLong roundTripUs() {
        return RoundTrip.us(() -> {
            try (Connection c = pool.getConnection();
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT 1")) {
                rs.next();
                return true;
            }
        });
    }

    @Override
    public void close() {
        if (ownsClients) {
            clients.close();
        }
    }
}
