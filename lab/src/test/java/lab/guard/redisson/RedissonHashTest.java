package lab.guard.redisson;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.guard.Clients;
import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.LockListener;
import lab.guard.LockState;
import lab.guard.Outcome;
import lab.guard.Tick;
import lab.guard.TokenLedger;
import lab.guard.Write;
import lab.protocol.GivenBack;
import lab.protocol.Hold;
import lab.protocol.Knobs;
import lab.protocol.LockFact;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerFact;
import lab.servers.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Redisson answers {@code tryLock} with false and {@code unlock()} with an exception, naming no holder; the lab reads
 * the lock's hash to say who holds it for how long, and the lock panel shows it. Against the real Redis; each test holds
 * the lock inside a job that waits for the moment it needs, so no timing decides what is seen.
 */
class RedissonHashTest {
    static final ModeSpec SPEC = ModeSpec.defaults(Mode.byName("redisson").orElseThrow());
    private final Clients clients = new Clients();
    private final List<WorkerFact> said = new CopyOnWriteArrayList<>();
    private final List<String> lines = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        clients.close();
    }

    /** Worker {@code worker}'s guard on job {@code job}, on the worker's clients; w1's events are kept. */
    Guard guard(String worker, ModeSpec spec, String job) throws Exception {
        LockListener listener = worker.equals("w1")
                ? (tick, detail, fact) -> {
                    said.add(fact);
                    lines.add(detail);
                }
                : LockListener.NONE;
        Guard g = new LeaseGuard<>(
                worker,
                RedissonMode.lock(
                        worker,
                        worker + "-1",
                        TestServers.redis().url(),
                        job,
                        spec,
                        Clock.systemUTC(),
                        worker.equals("w1") ? clients : null),
                new LeasePolicy(false, spec.get(Knobs.HOLD_AT_LEAST), false, false),
                listener,
                Clock.systemUTC(),
                null,
                TokenLedger.NONE);
        g.open();
        return g;
    }

    static Tick tick(String job) {
        Instant now = Instant.now();
        return new Tick(now, now.plusSeconds(10), job);
    }

    static Write written() {
        return new Write.Written(Instant.now(), Instant.now());
    }

    static Outcome runQuietly(Guard g, Tick t, Job job) {
        try {
            return g.run(t, job);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private LockState observe(String job) {
        try (RedissonObserver observer =
                new RedissonObserver(TestServers.redis().url(), job)) {
            return observer.observe();
        }
    }

    @Test
    void a_worker_that_finds_the_lock_taken_says_who_holds_the_hash_and_the_panel_shows_its_entry() throws Exception {
        String job = "hash-held-" + System.nanoTime();
        Guard holder = guard("w1", SPEC, job);
        Guard other = guard("w2", SPEC, job);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Job waits = (t, p) -> {
            inside.countDown();
            done.await(10, TimeUnit.SECONDS);
            return written();
        };
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(() -> runQuietly(holder, tick(job), waits));
        assertThat(inside.await(10, TimeUnit.SECONDS)).as("w1's job started").isTrue();

        Outcome skipped = other.run(tick(job), (t, p) -> written());
        LockState seen = observe(job);
        done.countDown();

        assertThat(skipped).isInstanceOf(Outcome.Skipped.class);
        assertThat(skipped.detail())
                .contains("w2 - Redisson's lock 'redisson_lock:" + job + "' not acquired: held by w1-1-")
                .contains("tryLock(0, 60000, ms) → false");
        WorkerFact.Skipped fact = ((Outcome.Skipped) skipped).fact();
        // The owner entry is Redisson's client id and the grant's number, named by the worker whose client it is.
        assertThat(fact.holder()).matches("w1-1-[0-9a-f-]{36}:\\d+");
        assertThat(fact.holderMsLeft()).isGreaterThan(50_000L); // a lease of 60 s, taken moments ago
        assertThat(seen.holder()).isEqualTo(fact.holder() + " → 1");
        assertThat(seen.ttlMillis()).isGreaterThan(50_000L);
        assertThat(run.get(10, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);
        assertThat(said).last().isInstanceOfSatisfying(GivenBack.Released.class, r -> {
            assertThat(r.how()).isEqualTo(GivenBack.How.UNLOCK);
            // After unlock(), a PING through Redisson's own pool: the round trip the benchmark holds its cost to.
            assertThat(r.roundTripUs()).as("round_trip_us").isBetween(1L, 999_999L);
        });
        assertThat(observe(job).free()).as("the hash after unlock()").isTrue();
        holder.close();
        other.close();
    }

    @Test
    void a_hold_leaves_the_hash_to_expire_at_the_holds_end_and_the_next_tick_of_the_same_worker_waits_for_it()
            throws Exception {
        String job = "hash-hold-" + System.nanoTime();
        Guard holder = guard("w1", SPEC.with(Knobs.HOLD_AT_LEAST, Hold.of(Duration.ofSeconds(5))), job);

        assertThat(holder.run(tick(job), (t, p) -> written())).isInstanceOf(Outcome.Executed.class);
        Outcome again = holder.run(tick(job), (t, p) -> written());

        assertThat(said)
                .filteredOn(f -> f instanceof GivenBack)
                .first()
                .isInstanceOfSatisfying(GivenBack.Released.class, r -> {
                    assertThat(r.how()).isEqualTo(GivenBack.How.EXPIRES);
                    assertThat(r.expiresAt()).isAfter(Instant.now().plusSeconds(3));
                });
        LockState seen = observe(job);
        assertThat(seen.holder()).startsWith("w1-1-");
        assertThat(seen.ttlMillis()).isBetween(2_000L, 5_000L);
        // Each grant is a Redisson thread id of its own: the same worker's next tick does not re-enter the held lock.
        assertThat(again).isInstanceOf(Outcome.Skipped.class);
        holder.close();
    }

    @Test
    void a_holder_whose_lease_ran_out_and_was_taken_says_lost_naming_the_new_holder() throws Exception {
        String job = "hash-lost-" + System.nanoTime();
        Guard holder = guard("w1", SPEC.with(Knobs.LOCK_TTL, Duration.ofMillis(300)), job);
        // w2 keeps the lock after its run, so that w1's unlock finds it w2's.
        Guard other = guard("w2", SPEC.with(Knobs.HOLD_AT_LEAST, Hold.of(Duration.ofSeconds(10))), job);
        CountDownLatch taken = new CountDownLatch(1);
        Job w1Waits = (t, p) -> {
            // Decided: w1 stays in its job until w2 has run under the lock w1's short lease let go of.
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (taken.getCount() > 0 && System.nanoTime() < until) {
                Outcome o = CompletableFuture.supplyAsync(() -> runQuietly(other, tick(job), (t2, p2) -> {
                            taken.countDown();
                            return written();
                        }))
                        .get(10, TimeUnit.SECONDS);
                if (!(o instanceof Outcome.Executed)) {
                    Thread.sleep(50);
                }
            }
            return written();
        };

        assertThat(holder.run(tick(job), w1Waits)).isInstanceOf(Outcome.Executed.class);

        assertThat(taken.getCount()).as("w2 took the lock while w1 worked").isZero();
        assertThat(said).last().isInstanceOfSatisfying(GivenBack.Lost.class, l -> assertThat(l.holder())
                .startsWith("w2-1-"));
        assertThat(lines).last().asString().contains("IllegalMonitorStateException");
        holder.close();
        other.close();
    }

    @Test
    void with_renew_off_the_lock_is_taken_with_a_lease_as_redissons_documentation_shows_it_and_nothing_renews_it()
            throws Exception {
        String job = "hash-lease-" + System.nanoTime();
        Guard holder = guard("w1", SPEC.with(Knobs.RENEW, false).with(Knobs.LOCK_TTL, Duration.ofSeconds(1)), job);
        List<LockState> seen = new CopyOnWriteArrayList<>();
        Job watches = (t, p) -> {
            // 2.5 leases: a watchdog renewing every 333 ms would keep the hash; with a lease given none runs.
            Thread.sleep(2_500);
            seen.add(observe(job));
            return written();
        };

        assertThat(holder.run(tick(job), watches)).isInstanceOf(Outcome.Executed.class);

        assertThat(lines.get(0))
                .as("the documented call, tryLock(wait, lease, unit) with a lease above 0")
                .contains("tryLock(0, 1000, ms) on ")
                .contains("→ true")
                .contains("lease 1000 ms")
                .doesNotContain("watchdog");
        assertThat(seen.get(0).free())
                .as("the hash expired under the job: nothing renewed it")
                .isTrue();
        assertThat(said).last().isInstanceOf(GivenBack.Lost.class);
        holder.close();
    }

    @Test
    void with_renew_on_the_watchdog_keeps_the_hash_past_its_lock_watchdog_timeout_while_the_job_runs()
            throws Exception {
        String job = "hash-watchdog-" + System.nanoTime();
        Guard holder = guard("w1", SPEC.with(Knobs.RENEW, true).with(Knobs.LOCK_TTL, Duration.ofSeconds(1)), job);
        List<LockState> seen = new CopyOnWriteArrayList<>();
        Job watches = (t, p) -> {
            // 2.5 lockWatchdogTimeouts: without its watchdog's renewals (every 333 ms) the hash would be gone.
            Thread.sleep(2_500);
            seen.add(observe(job));
            return written();
        };

        assertThat(holder.run(tick(job), watches)).isInstanceOf(Outcome.Executed.class);

        assertThat(seen.get(0).holder()).startsWith("w1-1-");
        assertThat(seen.get(0).ttlMillis()).isBetween(1L, 1_000L);
        assertThat(said).first().isInstanceOfSatisfying(LockFact.Acquired.class, a -> assertThat(a.ttlMs())
                .isEqualTo(1_000L));
        assertThat(lines.get(0))
                .contains("tryLock(0, -1, ms) on ")
                .contains("→ true")
                .contains("watchdog renews it to 1000 ms");
        holder.close();
    }
}
