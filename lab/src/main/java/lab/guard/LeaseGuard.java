package lab.guard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import lab.protocol.EventType;
import lab.protocol.GivenBack;

/**
 * The skeleton of a guarded tick, once for every lock mechanism: acquire, say so, run the job (renewed by a
 * watchdog if the policy says so), give the lock back — now, or once the hold the policy asks for has passed — and
 * say how. Final, so that what a lesson compares — the mechanisms and the policies — is the only thing that differs.
 */
public final class LeaseGuard<L extends Lease> implements Guard {
    private final String worker;
    private final LockMechanism<L> lock;
    private final LeasePolicy policy;
    private final Permit permit;
    private final LockListener listener;
    private final Clock clock;
    private final CountDownLatch stopping = new CountDownLatch(1);
    /** Leases left to expire after their job, and their ticks: given back at once if the worker stops first. */
    private final Map<L, Tick> lingering = new ConcurrentHashMap<>();
    /** With {@code on-lock-error local}: the guard that runs the tick when this lock's server cannot be reached. */
    private final Guard onBroken;
    /** Where every token the mechanism issues is written down before the job may carry it. */
    private final TokenLedger ledger;

    public LeaseGuard(String worker, LockMechanism<L> lock, LeasePolicy policy, LockListener listener, Clock clock) {
        this(worker, lock, policy, listener, clock, null);
    }

    /** @param onBroken null to fail closed; else the guard a broken lock falls back to (the seed's local lock) */
    public LeaseGuard(
            String worker,
            LockMechanism<L> lock,
            LeasePolicy policy,
            LockListener listener,
            Clock clock,
            Guard onBroken) {
        this(worker, lock, policy, listener, clock, onBroken, TokenLedger.NONE);
    }

    /**
     * @param onBroken null to fail closed; else the guard a broken lock falls back to (the seed's local lock)
     * @param ledger   where each fencing token is written down before use; a token issued before is never used
     */
    public LeaseGuard(
            String worker,
            LockMechanism<L> lock,
            LeasePolicy policy,
            LockListener listener,
            Clock clock,
            Guard onBroken,
            TokenLedger ledger) {
        this.onBroken = onBroken;
        this.ledger = ledger;
        this.worker = worker;
        this.lock = lock;
        this.policy = policy;
        this.permit = Permit.of(policy.recheck());
        this.listener = listener;
        this.clock = clock;
    }

    @Override
    public void open() throws Exception {
        lock.open();
        if (onBroken != null) {
            onBroken.open();
        }
    }

    @Override
    public String openedWith() {
        return lock.openedWith();
    }

    @Override
    public Outcome run(Tick tick, Job job) throws InterruptedException {
        Instant asked = clock.instant();
        long callStart = System.nanoTime();
        Attempt<L> attempt = lock.acquire(tick);
        long acquireMicros = (System.nanoTime() - callStart) / 1000;
        if (attempt instanceof Attempt.Refused<L> refused) {
            return new Outcome.Skipped(refused.detail(), refused.skipped());
        }
        if (attempt instanceof Attempt.Broken<L> broken) {
            if (onBroken == null) {
                return new Outcome.Failed(broken.detail(), GivenBack.Error.because(broken.reason()));
            }
            listener.on(
                    tick,
                    broken.problem() + "; falling back to an in-process lock (on-lock-error local)",
                    GivenBack.Error.because(GivenBack.ErrorReason.LOCK_DOWN).marked(null, true));
            return onBroken.run(tick, job);
        }
        L lease = ((Attempt.Granted<L>) attempt).lease();
        Instant acquiredAt = clock.instant();
        Instant holdUntil = policy.holdUntil(tick, acquiredAt);
        Watchdog<L> dog = null;
        try {
            // Inside the try: whatever happens from here on, the lock is given back.
            listener.on(
                    tick,
                    lease.acquired(),
                    // What the lock costs a tick, the call alone (acquire_us), for the benchmark.
                    lease.granted().timed(Duration.between(asked, acquiredAt).toMillis(), acquireMicros, holdUntil));
            if (policy.renew() && lock.expires()) {
                dog = new Watchdog<>(worker, lock, lease, tick, listener);
            }
            if (lease.token().isPresent()) {
                Outcome unusable = issue(lease.token().getAsLong(), tick);
                if (unusable != null) {
                    return unusable; // the job does not run; the lock is given back below, as after any run
                }
            }
            Permit granted =
                    lease.token().isPresent() ? permit.withToken(lease.token().getAsLong()) : permit;
            return Jobs.run(worker, job, tick, granted, lease.ranHow(), lease.granted(), null);
        } finally {
            if (dog != null) {
                dog.close();
            }
            LockEvent given = giveBack(lease, tick, holdUntil);
            long held = Duration.between(acquiredAt, clock.instant()).toMillis();
            LockEvent said = with(given, f -> f.withHeldMs(held));
            listener.on(tick, said.detail(), withRoundTrip(said).fact());
        }
    }

    /**
     * Writes the token down before the job may carry it; answers why the tick fails closed when it cannot be used (it
     * was issued before, or the ledger cannot be reached), else null.
     */
    private Outcome issue(long token, Tick tick) throws InterruptedException {
        try {
            Optional<String> first = ledger.issue(token, tick);
            if (first.isEmpty()) {
                return null;
            }
            return new Outcome.Failed(
                    worker + " - fencing token " + token + " not used: it was issued before, to " + first.get()
                            + " (the lock server's counter went back, as after a restart that forgot it); tick skipped"
                            + " (fail closed)",
                    GivenBack.Error.because(GivenBack.ErrorReason.TOKEN_REISSUED)
                            .withToken(token));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return new Outcome.Failed(
                    worker + " - fencing token " + token + " not used: the store could not write it down ("
                            + Failures.rootCause(e) + "); tick skipped (fail closed)",
                    GivenBack.Error.because(GivenBack.ErrorReason.STORE_DOWN).withToken(token));
        }
    }

    /** Now; or, with a hold still to run, left to expire then (a lock that expires) or kept by this thread until then. */
    private LockEvent giveBack(L lease, Tick tick, Instant holdUntil) throws InterruptedException {
        Duration left = holdUntil == null ? Duration.ZERO : Duration.between(clock.instant(), holdUntil);
        // Whole milliseconds, rounded up: a hold cut short by the fraction lets the next worker in before it ended.
        left = Duration.ofMillis((left.toNanos() + 999_999) / 1_000_000);
        if (left.toMillis() <= 0 || stopping.getCount() == 0) {
            return releaseNow(lease);
        }
        if (lock.expires()) {
            long callStart = System.nanoTime();
            // The instant, in whole milliseconds rounded up, as the server keeps it: the span `left` would be counted
            // from whenever the call reaches the server, carrying the key past the boundary on a busy machine.
            Instant at =
                    Instant.ofEpochMilli(holdUntil.toEpochMilli() + (holdUntil.getNano() % 1_000_000 == 0 ? 0 : 1));
            LockEvent e = timed(lock.expireAt(lease, at), callStart);
            if (e.type() == EventType.RELEASED) {
                lingering.put(lease, tick);
                lingering.keySet().removeIf(l -> l != lease && lingering.get(l) != null && expired(l));
                // A stop that came while the expiry was being set found nothing to give back: whichever of the two
                // takes the lease out of the map gives it back, so it is never left to expire and never given twice.
                if (stopping.getCount() == 0 && lingering.remove(lease) != null) {
                    LockEvent stopped = shutdownRelease(lease);
                    return stopped.type() == EventType.RELEASED ? timed(stopped, callStart) : e;
                }
            }
            return e;
        }
        // Held by this thread: a worker told to stop wakes it at once, so the lock is given back before it exits.
        boolean stopped = stopping.await(left.toMillis(), TimeUnit.MILLISECONDS);
        return stopped ? shutdownRelease(lease) : releaseNow(lease);
    }

    private boolean expired(L lease) {
        Tick t = lingering.get(lease);
        return t != null && t.end().plus(Duration.between(t.at(), t.end())).isBefore(clock.instant());
    }

    private LockEvent releaseNow(L lease) {
        long callStart = System.nanoTime();
        return stopping.getCount() == 0 ? shutdownRelease(lease) : timed(lock.release(lease), callStart);
    }

    /** The release call's own time (not the hold before it), for the benchmark's per-tick lock cost. */
    private static LockEvent timed(LockEvent e, long callStart) {
        long us = (System.nanoTime() - callStart) / 1000;
        return with(e, f -> f.withReleaseUs(us));
    }

    /**
     * A lock given back normally carries one round trip to its server, timed after the release: the job has ended and
     * the lock is free by then (or left to expire at its hold's end, which the round trip does not move), so the next
     * holder does not wait for it; only this worker's released line comes a round trip later. Not on shutdown, and not
     * after a failed release: a server that did not answer is not asked again.
     */
    private LockEvent withRoundTrip(LockEvent e) {
        if (!(e.fact() instanceof GivenBack.Released r) || r.how() == GivenBack.How.SHUTDOWN) {
            return e;
        }
        OptionalLong us = lock.roundTripUs();
        return us.isPresent() ? new LockEvent(e.detail(), r.withRoundTripUs(us.getAsLong())) : e;
    }

    /** The event with its facts changed, when it gave a lock back (a renewal has none of these facts). */
    private static LockEvent with(LockEvent e, UnaryOperator<GivenBack> change) {
        return e.fact() instanceof GivenBack g ? new LockEvent(e.detail(), change.apply(g)) : e;
    }

    private LockEvent shutdownRelease(L lease) {
        LockEvent e = lock.release(lease);
        return with(new LockEvent(e.detail() + " (the worker is stopping)", e.fact()), GivenBack::stopping);
    }

    /**
     * The worker stops gracefully: every lock it keeps past its job is given back now, and runs still inside the job
     * give theirs back the moment they end, hold or not.
     */
    @Override
    public void shutdown() {
        stopping.countDown();
        for (L lease : List.copyOf(lingering.keySet())) {
            Tick tick = lingering.remove(lease);
            if (tick == null) {
                continue; // the run that set its expiry saw the stop and gave it back itself
            }
            LockEvent e = shutdownRelease(lease);
            // Only a lock still ours was given back; one that had expired already is nobody's business now.
            if (e.type() == EventType.RELEASED) {
                listener.on(tick, e.detail(), e.fact());
            }
        }
    }

    @Override
    public void close() {
        lock.close();
    }
}
