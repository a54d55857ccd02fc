package lab.guard.shedlock;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import lab.guard.Failures;
import lab.guard.Job;
import lab.guard.Jobs;
import lab.guard.LockEvent;
import lab.guard.LockListener;
import lab.guard.Outcome;
import lab.guard.Permit;
import lab.guard.RoundTrip;
import lab.guard.Tick;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import net.javacrumbs.shedlock.core.DefaultLockingTaskExecutor;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.LockingTaskExecutor.TaskResult;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * One tick inside ShedLock's {@code executeWithLock}, and what the guard says of it: the grant read from the row, the
 * job run, the unlock's time, and the row read again where ShedLock says nothing (a skip, an unlock). Which provider
 * and which pool are {@link ShedLockGuard}'s.
 */
final class ShedLockTick {
    private final String worker;
    private final String name;
    private final Duration lockAtMostFor;
    private final boolean dbTime;
    private final String configured;
    private final Clock clock;
    private final LockListener listener;
    private final RowSays said;

    /** @param dbTime {@code usingDbTime()}: only the row knows {@code lock_until}, which the grant then reads */
    ShedLockTick(
            String worker, String name, Duration lockAtMostFor, boolean dbTime, Clock clock, LockListener listener) {
        this.worker = worker;
        this.name = name;
        this.lockAtMostFor = lockAtMostFor;
        this.dbTime = dbTime;
        this.configured = dbTime ? "usingDbTime()" : "the worker's clock, forceUtcTimeZone()";
        this.clock = clock;
        this.listener = listener;
        this.said = new RowSays(worker, name, lockAtMostFor, clock);
    }

    /**
     * Runs {@code job} for {@code tick} inside {@code executeWithLock} on {@code locks}, as grant {@code owner} asked at
     * {@code asked} to hold at least {@code atLeast}; {@code ds} is the pool the row is read from.
     */
    Outcome run(Tick tick, Job job, DataSource ds, LockProvider locks, String owner, Instant asked, Duration atLeast)
            throws InterruptedException {
        LockConfiguration config = new LockConfiguration(asked, name, lockAtMostFor, atLeast);
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
                                Optional<ShedLockTable.Row> row = dbTime ? row(ds) : Optional.empty();
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
            return said.skipped(row(ds), call);
        }
        long releaseUs = (System.nanoTime() - unlockStart.get()) / 1000;
        LockEvent given = said.givenBack(row(ds), owner, acquiredAt.get(), unlockAsked.get());
        LockFact fact = given.fact() instanceof GivenBack back ? back.withReleaseUs(releaseUs) : given.fact();
        listener.on(tick, given.detail(), fact instanceof GivenBack.Released r ? withRoundTrip(ds, r) : fact);
        return result.getResult();
    }

    /**
     * ShedLock's nearest equivalent of a round trip, for the benchmark: {@code SELECT 1} through Spring's JdbcTemplate
     * on the pool ShedLock's own JdbcTemplate takes its connections from, after the unlock (the row is free by then).
     */
    private static GivenBack.Released withRoundTrip(DataSource ds, GivenBack.Released r) {
        OptionalLong us = RoundTrip.us(() -> {
            new JdbcTemplate(ds).queryForObject("SELECT 1", Integer.class);
            return true;
        });
        return us.isPresent() ? r.withRoundTripUs(us.getAsLong()) : r;
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
    private Optional<ShedLockTable.Row> row(DataSource ds) {
        if (ds == null) {
            return Optional.empty();
        }
        try {
            return ShedLockTable.read(ds, name);
        } catch (SQLException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
