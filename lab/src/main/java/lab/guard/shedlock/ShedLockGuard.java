package lab.guard.shedlock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import javax.sql.DataSource;
import lab.guard.Clients;
import lab.guard.Failures;
import lab.guard.GrantLetters;
import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.LeasePolicy;
import lab.guard.LockListener;
import lab.guard.Outcome;
import lab.guard.Reopening;
import lab.guard.Tick;
import lab.protocol.GivenBack;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;
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
    private static final Set<DataSource> PREPARED =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

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
    private final ShedLockTick ticks;
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
        this.dbTime = dbTime;
        this.ticks = new ShedLockTick(worker, name, lockAtMostFor, dbTime, clock, listener);
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
                    .ifPresent(SimpleLock::unlock);
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
            // The server was down when the worker switched: it may be back.
            Optional<Exception> down = Reopening.failure(this::open);
            if (down.isPresent()) {
                return new Outcome.Failed(
                        worker + " - postgres unreachable for ShedLock: " + Failures.rootCause(down.get())
                                + "; tick skipped (fail closed)",
                        GivenBack.Error.because(GivenBack.ErrorReason.LOCK_DOWN));
            }
        }
        String owner = process + "-" + GrantLetters.next();
        JdbcTemplateLockProvider provider = provider(ds, owner);
        Instant asked = clock.instant();
        Duration atLeast = lockAtLeastFor(tick, asked);
        LockProvider locks = keepAlive
                ? new KeepAliveLockProvider(
                        new SaidExtensions(provider, worker, owner, tick, listener, clock), threads.executor())
                : provider;
        return ticks.run(tick, job, ds, locks, owner, asked, atLeast);
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

    @Override
    public void close() {
        if (own != null) {
            own.close();
        }
    }
}
