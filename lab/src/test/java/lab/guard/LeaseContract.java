package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import lab.protocol.GivenBack;
import lab.protocol.Hold;
import lab.protocol.LockFact;
import org.junit.jupiter.api.Test;

/**
 * What the lease template's policies do with every mechanism, against the real server: a lock held past its job
 * keeps the others out until the hold ends and not after; a per-tick key keeps a late worker of the same tick out
 * and lets the next tick in; a worker that stops gracefully gives back what it was holding. The holder runs on a
 * thread of its own, as a worker's job thread does (an in-JVM mutex belongs to the thread that took it). Each
 * mechanism's test says only how to build it.
 */
abstract class LeaseContract {
    /** Long enough that the check made right after the holder's job cannot land after it on a loaded machine. */
    static final Duration HOLD = Duration.ofMillis(2_000);

    private final List<String> said = new CopyOnWriteArrayList<>();
    private final List<lab.protocol.WorkerFact> facts = new CopyOnWriteArrayList<>();
    /** The end of the hold as the holder announced it, on the clock the lock's expiry is counted by. */
    private final AtomicReference<Instant> holdUntil = new AtomicReference<>();

    /** A mechanism as worker {@code worker} builds it, opened; {@code perTick}: the key names the tick. */
    abstract LockMechanism<? extends Lease> open(String worker, boolean perTick) throws Exception;

    /**
     * A mechanism as above with a short lease, for the test that closes a guard mid-tick: one that leaves its lock to
     * expire must let it go within seconds for the test to see it free. The default: {@link #open}'s.
     */
    LockMechanism<? extends Lease> openShortLease(String worker) throws Exception {
        return open(worker, false);
    }

    /** Whether the mechanism has a key to name a tick by (an in-JVM mutex has none). */
    boolean hasPerTickKeys() {
        return true;
    }

    @Test
    void a_lock_held_past_its_job_keeps_the_others_out_until_the_hold_ends_and_not_after() throws Exception {
        LockMechanism<? extends Lease> other = open("w2", false);
        Tick tick = tick(Instant.now(), Duration.ofSeconds(10), "hold");
        Guard holder = guard(open("w1", false), new LeasePolicy(false, Hold.of(HOLD), false, false));
        CountDownLatch jobDone = new CountDownLatch(1);
        long t0 = System.nanoTime();
        CompletableFuture<Outcome> run = runAsync(holder, tick, jobDone);

        assertThat(jobDone.await(10, TimeUnit.SECONDS))
                .as("the holder's job ran")
                .isTrue();
        // A bound: this check comes within milliseconds of the job's end and 2 s before the hold's, more than a
        // loaded 2-core machine stalls a thread; the hold alone keeps the other out now.
        assertThat(other.acquire(tick)).as("another worker during the hold").isInstanceOf(Attempt.Refused.class);
        assertThat(run.get(10, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);

        Attempt<? extends Lease> after = awaitGranted(other, tick, t0);
        Instant grantedAt = Instant.now();
        assertThat(after).as("another worker after the hold; said: %s", said).isInstanceOf(Attempt.Granted.class);
        // Compared on the wall clock the hold was set by (and a Redis server expires by), not on a second clock.
        assertThat(grantedAt).as("when another worker got it; said: %s", said).isAfterOrEqualTo(holdUntil.get());
        giveBack(other, after);
        holder.close();
        other.close();
    }

    @Test
    void a_per_tick_key_keeps_a_late_worker_of_the_same_tick_out_and_lets_the_next_tick_in() throws Exception {
        assumeTrue(hasPerTickKeys(), "this mechanism has no key to name a tick by");
        Duration period = Duration.ofSeconds(2);
        Tick tick = tick(Instant.now().minusMillis(100), period, "per-tick");
        Tick next = tick(tick.end(), period, "per-tick");
        Guard first = guard(open("w1", true), new LeasePolicy(false, Hold.NONE, true, false));
        LockMechanism<? extends Lease> late = open("w2", true);
        CountDownLatch jobDone = new CountDownLatch(1);
        CompletableFuture<Outcome> run = runAsync(first, tick, jobDone);
        // Decided by the event: the late worker asks once the first worker's job has run, and the same worker is let
        // in on the next tick's key at that moment, so what refuses it is the key naming this tick, not a job.
        assertThat(jobDone.await(10, TimeUnit.SECONDS))
                .as("the first worker's job ran")
                .isTrue();

        assertThat(late.acquire(tick))
                .as("a late worker, same tick; said: %s", said)
                .isInstanceOf(Attempt.Refused.class);
        Attempt<? extends Lease> nextTick = late.acquire(next);
        assertThat(nextTick).as("the next tick's key").isInstanceOf(Attempt.Granted.class);
        giveBack(late, nextTick);
        run.get(10, TimeUnit.SECONDS);
        first.close();
        late.close();
    }

    @Test
    void a_worker_that_stops_gracefully_gives_back_the_lock_it_was_holding_past_its_job() throws Exception {
        Tick tick = tick(Instant.now(), Duration.ofSeconds(60), "stop");
        Guard holder = guard(open("w1", false), new LeasePolicy(false, Hold.of(Duration.ofSeconds(30)), false, false));
        LockMechanism<? extends Lease> other = open("w2", false);
        CountDownLatch jobDone = new CountDownLatch(1);
        CompletableFuture<Outcome> run = runAsync(holder, tick, jobDone);
        // Decided by the event: past the job, the lock is held by its 30 s hold alone.
        assertThat(jobDone.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(other.acquire(tick)).as("before the stop").isInstanceOf(Attempt.Refused.class);

        long t0 = System.nanoTime();
        holder.shutdown();
        assertThat(run.get(10, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);
        Attempt<? extends Lease> after = awaitGranted(other, tick, t0);

        assertThat(after).as("after the stop; said: %s", said).isInstanceOf(Attempt.Granted.class);
        assertThat((System.nanoTime() - t0) / 1_000_000)
                .as("ms until it was free")
                .isLessThan(10_000);
        assertThat(said).anyMatch(s -> s.startsWith("released ") && s.contains("(the worker is stopping)"));
        giveBack(other, after);
        holder.close();
        other.close();
    }

    @Test
    void closing_the_guard_while_a_tick_runs_inside_it_returns_and_the_tick_ends_whole_and_the_lock_is_freed()
            throws Exception {
        Tick tick = tick(Instant.now(), Duration.ofSeconds(60), "close-mid-tick");
        Guard holder = guard(openShortLease("w1"), LeasePolicy.plain(false));
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(() -> {
            try {
                return holder.run(tick, (t, p) -> {
                    inside.countDown();
                    if (!leave.await(10, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the test never let the job go");
                    }
                    return new Write.Written(Instant.now(), Instant.now());
                });
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(inside.await(10, TimeUnit.SECONDS)).as("the job started").isTrue();

        // Close from another thread, bounded: a close that waited for the job would never return here.
        CompletableFuture.runAsync(holder::close).get(10, TimeUnit.SECONDS);
        assertThat(run).as("the job, still inside when close returned").isNotDone();
        leave.countDown();
        Outcome outcome = run.get(10, TimeUnit.SECONDS);
        long t0 = System.nanoTime();

        // The job wrote its row before the lock went: the tick ran, whole, and says so.
        assertThat(outcome).as("said: %s", said).isInstanceOf(Outcome.Executed.class);
        // The lock's end is said, one way or the other: given back, or (its connection gone) left to expire.
        assertThat(said)
                .as("what the guard said after the job")
                .anyMatch(l -> l.startsWith("released ") || l.startsWith("error ") || l.startsWith("lost "));
        LockMechanism<? extends Lease> other = open("w2", false);
        Attempt<? extends Lease> after = awaitGranted(other, tick, t0);
        assertThat(after)
                .as("another worker, after the closed guard's tick; said: %s", said)
                .isInstanceOf(Attempt.Granted.class);
        giveBack(other, after);
        other.close();
    }

    /** Whether the lock lives on a server the holder can time a round trip to (an in-JVM mutex does not). */
    boolean hasAServer() {
        return true;
    }

    @Test
    void a_lock_given_back_at_once_carries_one_round_trip_its_holder_timed_to_the_lock_server() throws Exception {
        Tick tick = tick(Instant.now(), Duration.ofSeconds(60), "round-trip");
        Guard holder = guard(open("w1", false), LeasePolicy.plain(false));
        CountDownLatch jobDone = new CountDownLatch(1);

        assertThat(runAsync(holder, tick, jobDone).get(10, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);

        assertThat(facts).last().isInstanceOfSatisfying(GivenBack.Released.class, r -> {
            assertThat(r.releaseUs()).as("release_us").isBetween(1L, 999_999L);
            if (hasAServer()) {
                assertThat(r.roundTripUs()).as("round_trip_us; said: %s", said).isBetween(1L, 999_999L);
            } else {
                assertThat(r.roundTripUs())
                        .as("round_trip_us of a lock on no server")
                        .isNull();
            }
        });
        holder.close();
    }

    @Test
    void closing_a_guard_twice_is_harmless_and_leaves_the_lock_free() throws Exception {
        Tick tick = tick(Instant.now(), Duration.ofSeconds(60), "close-twice");
        Guard holder = guard(open("w1", false), LeasePolicy.plain(false));
        CountDownLatch acquired = new CountDownLatch(1);
        assertThat(runAsync(holder, tick, acquired).get(10, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);

        holder.close();
        holder.close();

        LockMechanism<? extends Lease> other = open("w2", false);
        Attempt<? extends Lease> after = other.acquire(tick);
        assertThat(after).as("said: %s", said).isInstanceOf(Attempt.Granted.class);
        giveBack(other, after);
        other.close();
        other.close();
    }

    private Guard guard(LockMechanism<? extends Lease> m, LeasePolicy policy) {
        return new LeaseGuard<>(
                "w1",
                m,
                policy,
                (t, detail, fact) -> {
                    said.add(fact.type().wireName() + " " + detail);
                    facts.add(fact);
                    if (fact instanceof LockFact.Acquired a) {
                        holdUntil.set(a.holdUntil());
                    }
                },
                Clock.systemUTC());
    }

    static Tick tick(Instant at, Duration period, String job) {
        return new Tick(at, at.plus(period), job);
    }

    /** Runs a job that writes at once; {@code jobDone} is counted down as its last act, under the lock. */
    private CompletableFuture<Outcome> runAsync(Guard g, Tick tick, CountDownLatch jobDone) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return g.run(tick, (t, p) -> {
                    Write written = new Write.Written(Instant.now(), Instant.now());
                    jobDone.countDown();
                    return written;
                });
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** A lock that expires is free a moment after its hold, as its server counts: asked until then, 10 s at most. */
    private static Attempt<? extends Lease> awaitGranted(LockMechanism<? extends Lease> m, Tick tick, long t0)
            throws InterruptedException {
        Attempt<? extends Lease> a = m.acquire(tick);
        while (!(a instanceof Attempt.Granted) && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10)) {
            Thread.sleep(20);
            a = m.acquire(tick);
        }
        return a;
    }

    @SuppressWarnings("unchecked")
    static <L extends Lease> void giveBack(LockMechanism<L> m, Attempt<? extends Lease> a) {
        m.release(((Attempt.Granted<L>) a).lease());
    }
}
