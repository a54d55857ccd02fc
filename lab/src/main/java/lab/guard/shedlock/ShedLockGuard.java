package lab.guard.shedlock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javax.sql.DataSource;
import lab.guard.Clients;
import lab.guard.Failures;
import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.Jobs;
import lab.guard.LeasePolicy;
import lab.guard.LockEvent;
import lab.guard.LockListener;
import lab.guard.Outcome;
import lab.guard.Permit;
import lab.guard.Tick;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import net.javacrumbs.shedlock.core.DefaultLockingTaskExecutor;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.LockingTaskExecutor.TaskResult;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.provider.sql.DatabaseProduct;
import net.javacrumbs.shedlock.support.KeepAliveLockProvider;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Mode {@code shedlock}: the job runs inside ShedLock's {@code DefaultLockingTaskExecutor.executeWithLock} over
 * {@code JdbcTemplateLockProvider} on the lab's PostgreSQL, as most teams configure it; {@code lockAtMostFor},
 * {@code lockAtLeastFor}, {@code KeepAliveLockProvider} and {@code usingDbTime()} come from the lab's knobs. ShedLock
 * decides everything; the guard only says what it did, reading the {@code shedlock} row where ShedLock says nothing.
 *
 * <p>Holder dies: the row keeps its {@code lock_until} (up to {@code lockAtMostFor}); until then every worker skips.
 * Holder pauses past {@code lockAtMostFor}: the row is free, another worker takes it while the first still works, and
 * the first one's unlock finds the row no longer its own (ShedLock says nothing; the guard says {@code lost}).
 * PostgreSQL down: ShedLock throws, and the tick fails closed.
 */
final class ShedLockGuard implements Guard {
    /** The row the first lock call of each worker takes and frees, beside the job's: {@code lab-warm-up}. */
    static final String WARM_UP = "lab-warm-up";

    /**
     * The pools on which the table exists and the first lock call was made: once per worker's pool, kept across
     * switches as the pool is, so that a later switch into the mode is not a {@code CREATE TABLE} by every worker at
     * once and two more statements each. The lab never drops the table; a pool closed and forgotten leaves the set.
     */
    private static final java.util.Set<DataSource> PREPARED =
            java.util.Collections.synchronizedSet(java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>()));

    private final String worker;
    /** {@code w1-4242}: each grant's {@code locked_by} is this and a few letters of its own. */
    private final String process;

    private final String name;
    private final Duration lockAtMostFor;
    private final LeasePolicy hold;
    private final boolean keepAlive;
    private final KeepAliveThreads threads;
    private final Clock clock;
    private final LockListener listener;
    private final Supplier<DataSource> pool;
    private final boolean dbTime;
    private final String configured;
    private final RowSays said;
    private volatile DataSource ds;
    /** Clients this guard opened itself (built with no worker around it), closed with it; null when the worker's. */
    private Clients own;

    /**
     * @param process    {@code <worker>-<pid>}, the head of every grant's {@code locked_by}
     * @param hold       the hold-at-least knob, as {@code lockAtLeastFor}
     * @param keepAlive  wrap the provider in {@code KeepAliveLockProvider} (renew on)
     * @param pool       the worker's PostgreSQL pool, opened when the guard is
     * @param dbTime     {@code usingDbTime()}: lock_until and locked_at from the database's clock, not the worker's
     */
    ShedLockGuard(
            String worker,
            String process,
            String name,
            Duration lockAtMostFor,
            LeasePolicy hold,
            boolean keepAlive,
            KeepAliveThreads threads,
            Clock clock,
            LockListener listener,
            Supplier<DataSource> pool,
            boolean dbTime) {
        this.worker = worker;
        this.process = process;
        this.name = name;
        this.lockAtMostFor = lockAtMostFor;
        this.hold = hold;
        this.keepAlive = keepAlive;
        this.threads = threads;
        this.clock = clock;
        this.listener = listener;
        this.pool = pool;
        this.said = new RowSays(worker, name, lockAtMostFor, clock);
        this.dbTime = dbTime;
        this.configured = dbTime ? "usingDbTime()" : "the worker's clock, forceUtcTimeZone()";
    }

    /** This guard, closing {@code clients} when it is closed: they are its own, not a worker's. */
    ShedLockGuard owning(Clients clients) {
        this.own = clients;
        return this;
    }

    @Override
    public void open() throws Exception {
        // The pool answers (a connection from it, checked), or the switch is refused: as every mode's open.
        DataSource opened = pool.get();
        if (!PREPARED.contains(opened)) {
            ShedLockTable.create(opened);
            // A first lock call on a row of the lab's own, which frees itself at once: Spring's classes and the
            // provider's first query are paid for here, not by the first tick in this mode (a switch is acknowledged
            // after open).
            provider(opened, process)
                    .lock(new LockConfiguration(clock.instant(), WARM_UP, Duration.ofMillis(1), Duration.ZERO))
                    .ifPresent(net.javacrumbs.shedlock.core.SimpleLock::unlock);
            PREPARED.add(opened);
        }
        ds = opened;
    }

    /**
     * {@code JdbcTemplateLockProvider} writing {@code owner} as {@code locked_by}, one per grant. ShedLock's default
     * {@code locked_by} is the host's name, one value for every run of every worker on the host, and its unlock is
     * {@code WHERE locked_by = <that value>}: a run whose job outlasted its {@code lockAtMostFor} would, on ending,
     * free the lock a newer run of the same process holds now (seen in lesson 19's third part, where a worker's job
     * of 3 s overlaps its own next one). A value per grant keeps that unlock to its own grant, as the Redis lock's
     * owner is.
     */
    private JdbcTemplateLockProvider provider(DataSource ds, String owner) {
        JdbcTemplateLockProvider.Configuration.Builder b = JdbcTemplateLockProvider.Configuration.builder()
                .withJdbcTemplate(new JdbcTemplate(ds))
                .withDatabaseProduct(DatabaseProduct.POSTGRES_SQL)
                .withLockedByValue(owner);
        // Without the database's clock, times are the worker's, written as UTC: the table's TIMESTAMP has no zone,
        // and the row is then read the same way whichever the knob says.
        b = dbTime ? b.usingDbTime() : b.forceUtcTimeZone();
        return new JdbcTemplateLockProvider(b.build());
    }

    @Override
    public Outcome run(Tick tick, Job job) throws InterruptedException {
        if (ds == null) {
            try {
                open(); // the server was down when the worker switched: it may be back
            } catch (Exception e) {
                return new Outcome.Failed(
                        worker + " - postgres unreachable for ShedLock: " + Failures.rootCause(e)
                                + "; tick skipped (fail closed)",
                        GivenBack.Error.because(GivenBack.ErrorReason.LOCK_DOWN));
            }
        }
        String owner = process + "-" + lab.guard.GrantLetters.next();
        JdbcTemplateLockProvider provider = provider(ds, owner);
        Instant asked = clock.instant();
        Duration atLeast = lockAtLeastFor(tick, asked);
        LockConfiguration config = new LockConfiguration(asked, name, lockAtMostFor, atLeast);
        LockProvider locks = keepAlive
                ? new KeepAliveLockProvider(
                        new SaidExtensions(provider, worker, owner, tick, listener, clock), threads.executor())
                : provider;
        String call = "executeWithLock(lockAtMostFor " + lockAtMostFor.toMillis() + " ms, lockAtLeastFor "
                + atLeast.toMillis() + " ms)";
        long callStart = System.nanoTime();
        AtomicReference<Instant> acquiredAt = new AtomicReference<>();
        AtomicReference<Outcome> ran = new AtomicReference<>();
        TaskResult<Outcome> result;
        // When the job ended and ShedLock's unlock began: a row another worker took before it was taken from us.
        AtomicReference<Instant> unlockAsked = new AtomicReference<>();
        // The unlock's own time (release_us, for the benchmark): from the job's end to executeWithLock's return.
        AtomicLong unlockStart = new AtomicLong();
        try {
            result = new DefaultLockingTaskExecutor(locks)
                    .executeWithLock(
                            () -> {
                                acquiredAt.set(clock.instant());
                                long acquireUs = (System.nanoTime() - callStart) / 1000;
                                // With the worker's clock the row holds what ShedLock computed (createdAt plus
                                // lockAtMostFor): no query is added to the hold, which would lengthen it past what
                                // ShedLock alone takes. With the database's clock, only the row knows lock_until.
                                Optional<ShedLockTable.Row> row = dbTime ? row() : Optional.empty();
                                LockFact.Acquired granted = granted(row, owner, asked, acquireUs, atLeast);
                                listener.on(
                                        tick,
                                        worker + " - " + call + " → locked: "
                                                + row.map(ShedLockTable.Row::said)
                                                        .orElse("locked_by " + owner + ", lock_until "
                                                                + ShedLockTable.time(granted.expiresAt()))
                                                + " (" + configured + ")",
                                        granted);
                                ran.set(Jobs.run(
                                        worker,
                                        job,
                                        tick,
                                        Permit.of(false),
                                        "ran inside ShedLock's executeWithLock as " + owner,
                                        granted,
                                        null));
                                unlockAsked.set(clock.instant());
                                unlockStart.set(System.nanoTime());
                                return ran.get();
                            },
                            config);
        } catch (InterruptedException e) {
            throw e;
        } catch (Throwable e) {
            String problem = worker + " - ShedLock's " + call + " failed: " + Failures.rootCause(e);
            if (ran.get() != null) {
                // The job ran and ShedLock's unlock failed: the row keeps its lock_until, up to lockAtMostFor.
                listener.on(
                        tick,
                        problem + "; the row stays locked until its lock_until",
                        GivenBack.Error.because(GivenBack.ErrorReason.LOCK_DOWN));
                return ran.get();
            }
            return new Outcome.Failed(
                    problem + "; tick skipped (fail closed)", GivenBack.Error.because(GivenBack.ErrorReason.LOCK_DOWN));
        }
        if (!result.wasExecuted()) {
            return said.skipped(row(), call);
        }
        long releaseUs = (System.nanoTime() - unlockStart.get()) / 1000;
        LockEvent given = said.givenBack(row(), owner, acquiredAt.get(), unlockAsked.get());
        LockFact fact = given.fact() instanceof GivenBack back ? back.withReleaseUs(releaseUs) : given.fact();
        listener.on(tick, given.detail(), fact instanceof GivenBack.Released r ? withRoundTrip(r) : fact);
        return result.getResult();
    }

    /**
     * ShedLock's nearest equivalent of a round trip, for the benchmark: {@code SELECT 1} through Spring's JdbcTemplate
     * on the pool ShedLock's own JdbcTemplate takes its connections from, after the unlock (the row is free by then).
     */
    private GivenBack.Released withRoundTrip(GivenBack.Released r) {
        long start = System.nanoTime();
        try {
            new JdbcTemplate(ds).queryForObject("SELECT 1", Integer.class);
            return r.withRoundTripUs((System.nanoTime() - start) / 1000);
        } catch (RuntimeException e) {
            return r;
        }
    }

    /**
     * ShedLock's {@code lockAtLeastFor} for this tick: the knob's duration, or what is left of the window; never more
     * than {@code lockAtMostFor}, which ShedLock would refuse (a fixed hold longer than the lease the knob refused
     * already; the window's end only the tick knows).
     */
    private Duration lockAtLeastFor(Tick tick, Instant asked) {
        Instant until = hold.holdUntil(tick, asked);
        if (until == null || !until.isAfter(asked)) {
            return Duration.ZERO;
        }
        // Whole milliseconds, rounded up: a hold cut short by the fraction lets the next worker in before it ended.
        Duration left = Duration.ofMillis((Duration.between(asked, until).toNanos() + 999_999) / 1_000_000);
        return left.compareTo(lockAtMostFor) > 0 ? lockAtMostFor : left;
    }

    /** The grant's facts, its {@code lock_until} read from the row (with {@code usingDbTime()} the database set it). */
    private LockFact.Acquired granted(
            Optional<ShedLockTable.Row> row, String owner, Instant asked, long acquireUs, Duration atLeast) {
        Instant until = row.filter(r -> owner.equals(r.lockedBy()))
                .map(ShedLockTable.Row::lockUntil)
                .orElse(asked.plus(lockAtMostFor));
        Instant holdUntil = atLeast.isZero() ? null : asked.plus(atLeast);
        return LockFact.Acquired.of(ShedLockMode.LOCK, name, owner)
                .expiring(lockAtMostFor.toMillis(), until, null)
                .timed(Duration.between(asked, clock.instant()).toMillis(), acquireUs, holdUntil);
    }

    /** The row, or empty when it cannot be read: the sentences then say less, the tick is not changed by it. */
    private Optional<ShedLockTable.Row> row() {
        DataSource ds = this.ds;
        if (ds == null) {
            return Optional.empty();
        }
        try {
            return ShedLockTable.read(ds, name);
        } catch (java.sql.SQLException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        if (own != null) {
            own.close();
        }
    }
}
