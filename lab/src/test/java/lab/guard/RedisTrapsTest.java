package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import lab.guard.redis.RedisLock;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import lab.protocol.Secrets;
import lab.servers.RedisServer;
import lab.servers.Resp;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;

/** The traps of the Redis cure, against a real server: a lease shorter than the job, an unsafe release, a server down. */
class RedisTrapsTest {
    private final List<String> said = new CopyOnWriteArrayList<>();
    private final LockListener listener =
            (tick, detail, fact) -> said.add(fact.type().wireName() + " " + detail);

    private Guard guard(String worker, String job, long ttlMs, boolean safe) throws Exception {
        return guard(worker, job, ttlMs, safe, LeasePolicy.plain(false));
    }

    private Guard guard(String worker, String job, long ttlMs, boolean safe, LeasePolicy policy) throws Exception {
        Guard g = new LeaseGuard<>(
                worker,
                new RedisLock(
                        worker,
                        1,
                        TestServers.redis().url(),
                        job,
                        false,
                        Duration.ofMillis(ttlMs),
                        safe,
                        java.time.Clock.systemUTC()),
                policy,
                listener,
                java.time.Clock.systemUTC());
        g.open();
        return g;
    }

    /** A job that notes how many runs are inside it at once, and works for {@code ms}. */
    private static Job working(long ms, AtomicInteger inside, AtomicInteger maxInside) {
        return (tick, permit) -> {
            maxInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
            Thread.sleep(ms);
            inside.decrementAndGet();
            return new Write.Written(java.time.Instant.now(), java.time.Instant.now());
        };
    }

    /** A job that notes how many runs are inside it at once, says it is in, and stays until {@code leave} opens. */
    private static Job inside(AtomicInteger inside, AtomicInteger maxInside, CountDownLatch in, CountDownLatch leave) {
        return (tick, permit) -> {
            maxInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
            in.countDown();
            boolean left = leave.await(10, TimeUnit.SECONDS);
            inside.decrementAndGet();
            if (!left) {
                throw new IllegalStateException("the test never let the job go");
            }
            return new Write.Written(java.time.Instant.now(), java.time.Instant.now());
        };
    }

    /** Waits until the server itself has expired the lock's key: the moment a lease has run out, as Redis counts. */
    private static void awaitExpired(String job) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String key = "scheduler_lock:" + job;
        while (!Resp.authed(TestServers.redis().port(), TestServers.PASSWORD, "EXISTS", key)
                .equals(":0")) {
            assertThat(System.nanoTime()).as("%s still there after 10 s", key).isLessThan(until);
            Thread.sleep(10);
        }
    }

    @Test
    void a_ttl_shorter_than_the_job_lets_a_second_worker_in_and_the_first_finds_its_lock_lost() throws Exception {
        String job = "trap-ttl-" + System.nanoTime();
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger maxInside = new AtomicInteger();
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(1), job);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Guard w1 = guard("w1", job, 150, true);
                Guard w2 = guard("w2", job, 150, true)) {
            CountDownLatch w1In = new CountDownLatch(1);
            CountDownLatch w2In = new CountDownLatch(1);
            // w1 stays inside its job until w2 is in too; w2 comes only once Redis has expired w1's lease.
            Future<Outcome> first = pool.submit(() -> w1.run(tick, inside(inside, maxInside, w1In, w2In)));
            assertThat(w1In.await(10, TimeUnit.SECONDS))
                    .as("w1 inside; said: %s", said)
                    .isTrue();
            awaitExpired(job);
            // w2 counts itself in before it lets w1 go: both are inside at that moment, whichever thread runs next.
            // (Letting w1 go first let w1 leave before w2 counted itself, on a loaded machine: a run of flake.sh.)
            Future<Outcome> second = pool.submit(() -> w2.run(tick, (t, p) -> {
                maxInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
                w2In.countDown();
                Thread.sleep(100);
                inside.decrementAndGet();
                return new Write.Written(java.time.Instant.now(), java.time.Instant.now());
            }));

            assertThat(first.get(5, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);
            assertThat(second.get(5, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);
        } finally {
            pool.shutdownNow();
        }
        assertThat(maxInside.get()).as("runs inside the job at once").isEqualTo(2);
        assertThat(said).anySatisfy(l -> assertThat(l)
                .startsWith("lost w1 - redis lock 'scheduler_lock:" + job + "' was no longer ours at release")
                .contains("compare-and-delete → 0, nothing deleted"));
    }

    @Test
    void a_watchdog_renews_a_lease_shorter_than_the_job_so_no_second_worker_gets_in() throws Exception {
        String job = "trap-renew-" + System.nanoTime();
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger maxInside = new AtomicInteger();
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(1), job);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        LeasePolicy renewing = new LeasePolicy(false, lab.protocol.Hold.NONE, false, true);
        // A 900 ms lease renewed every 300 ms: a renewal may come 600 ms late before the lease runs out.
        try (Guard w1 = guard("w1", job, 900, true, renewing);
                Guard w2 = guard("w2", job, 900, true, renewing)) {
            CountDownLatch w1In = new CountDownLatch(1);
            CountDownLatch w2Tried = new CountDownLatch(1);
            Future<Outcome> first = pool.submit(() -> w1.run(tick, inside(inside, maxInside, w1In, w2Tried)));
            assertThat(w1In.await(10, TimeUnit.SECONDS))
                    .as("w1 inside; said: %s", said)
                    .isTrue();
            // Past w1's first lease (the sleep is the lesson: only renewals can have kept it), w1 still in its job.
            Thread.sleep(1_500);
            Outcome second = w2.run(tick, working(100, inside, maxInside));
            w2Tried.countDown();

            assertThat(second).as("w2 mid-job").isInstanceOf(Outcome.Skipped.class);
            assertThat(second.detail()).contains("held by w1-1-");
            assertThat(first.get(5, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);
        } finally {
            pool.shutdownNow();
        }
        assertThat(maxInside.get()).as("runs inside the job at once").isEqualTo(1);
        assertThat(said).anySatisfy(l -> assertThat(l).startsWith("renewed w1 - EVAL compare-and-pexpire"));
        assertThat(said).anySatisfy(l -> assertThat(l).startsWith("released w1 - EVAL compare-and-delete"));
    }

    @Test
    void an_unsafe_release_deletes_the_lock_another_worker_holds_and_lets_a_third_in() throws Exception {
        String job = "trap-del-" + System.nanoTime();
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger maxInside = new AtomicInteger();
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(1), job);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        CountDownLatch w2Inside = new CountDownLatch(1);
        try (Guard w1 = guard("w1", job, 150, false);
                Guard w2 = guard("w2", job, 5_000, false);
                Guard w3 = guard("w3", job, 5_000, false)) {
            CountDownLatch w1In = new CountDownLatch(1);
            CountDownLatch w3Done = new CountDownLatch(1);
            // w1 stays in its job until w2 holds the lock; w2 stays in its job until w3 has run.
            Future<Outcome> first = pool.submit(() -> w1.run(tick, inside(inside, maxInside, w1In, w2Inside)));
            assertThat(w1In.await(10, TimeUnit.SECONDS))
                    .as("w1 inside; said: %s", said)
                    .isTrue();
            awaitExpired(job); // w1's lease is over; w2 takes the lock for 5 s
            Future<Outcome> second = pool.submit(() -> w2.run(tick, inside(inside, maxInside, w2Inside, w3Done)));
            assertThat(w2Inside.await(10, TimeUnit.SECONDS)).isTrue();
            first.get(10, TimeUnit.SECONDS); // w1 ends and DELetes: w2's lock
            Outcome third = w3.run(tick, working(50, inside, maxInside));
            w3Done.countDown();

            assertThat(third).as("w3 while w2 still works under its lock").isInstanceOf(Outcome.Executed.class);
            second.get(10, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        assertThat(said).anySatisfy(l -> assertThat(l)
                .startsWith("lost w1 - DEL scheduler_lock:" + job + " → 1")
                .contains("(deleted the lock of w2-1-"));
        assertThat(maxInside.get()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void with_its_server_gone_the_guard_fails_closed_runs_nothing_and_recovers_when_it_is_back() throws Exception {
        Path dir = Files.createTempDirectory("schedlock-redis-trap-");
        try (RedisServer own = TestServers.startRedis(dir)) {
            Guard g = new LeaseGuard<>(
                    "w1",
                    new RedisLock(
                            "w1",
                            1,
                            own.url(),
                            "down",
                            false,
                            Duration.ofSeconds(5),
                            true,
                            java.time.Clock.systemUTC()),
                    LeasePolicy.plain(false),
                    listener,
                    java.time.Clock.systemUTC());
            g.open();
            AtomicInteger runs = new AtomicInteger();
            Job job = (tick, permit) -> {
                runs.incrementAndGet();
                return new Write.Written(java.time.Instant.now(), java.time.Instant.now());
            };
            Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(1), "down");

            own.stop();
            Outcome down = g.run(tick, job);
            own.start();
            Outcome back = g.run(tick, job);
            g.close();

            assertThat(down).isInstanceOf(Outcome.Failed.class);
            assertThat(down.detail())
                    .startsWith("w1 - redis at " + Secrets.mask(own.url()) + " unreachable: ")
                    .doesNotContain(TestServers.PASSWORD)
                    .endsWith("tick skipped (fail closed)");
            assertThat(back).isInstanceOf(Outcome.Executed.class);
            assertThat(runs.get()).isEqualTo(1);
        }
    }

    @Test
    void with_on_lock_error_local_a_guard_whose_redis_is_down_runs_under_its_own_mutex_and_says_it_fell_back()
            throws Exception {
        Path dir = Files.createTempDirectory("schedlock-redis-fallback-");
        try (RedisServer own = TestServers.startRedis(dir)) {
            java.util.List<lab.protocol.WorkerFact> facts = new CopyOnWriteArrayList<>();
            LockListener recording = (tick, detail, fact) -> {
                said.add(fact.type().wireName() + " " + detail);
                facts.add(fact);
            };
            Guard local = new LeaseGuard<>(
                    "w1",
                    new lab.guard.local.InJvmMutex("w1", 1),
                    LeasePolicy.plain(false),
                    (tick, detail, fact) ->
                            recording.on(tick, detail, fact instanceof LockFact l ? l.marked(null, true) : fact),
                    java.time.Clock.systemUTC());
            Guard g = new LeaseGuard<>(
                    "w1",
                    new RedisLock(
                            "w1",
                            1,
                            own.url(),
                            "fallback",
                            false,
                            Duration.ofSeconds(5),
                            true,
                            java.time.Clock.systemUTC()),
                    LeasePolicy.plain(false),
                    recording,
                    java.time.Clock.systemUTC(),
                    local);
            g.open();
            own.stop();
            Outcome o = g.run(
                    new Tick(Instant.now(), Instant.now().plusSeconds(1), "fallback"),
                    (tick, permit) -> new Write.Written(Instant.now(), Instant.now()));
            g.close();

            assertThat(o).isInstanceOf(Outcome.Executed.class);
            assertThat(said.get(0))
                    .startsWith("error w1 - redis at ")
                    .endsWith("; falling back to an in-process lock (on-lock-error local)");
            assertThat(facts.get(0))
                    .isEqualTo(GivenBack.Error.because(GivenBack.ErrorReason.LOCK_DOWN)
                            .marked(null, true));
            assertThat(said.get(1)).startsWith("acquired w1 - in-JVM mutex acquired");
            assertThat(facts.get(1)).isInstanceOfSatisfying(LockFact.Acquired.class, a -> {
                assertThat(a.lock().kind()).isEqualTo("local");
                assertThat(a.fallback()).isTrue();
            });
        }
    }

    @Test
    void a_guard_cannot_open_against_a_server_that_is_not_there() {
        Guard g = new LeaseGuard<>(
                "w1",
                new RedisLock(
                        "w1",
                        1,
                        "redis://127.0.0.1:1",
                        "none",
                        false,
                        Duration.ofSeconds(5),
                        true,
                        java.time.Clock.systemUTC()),
                LeasePolicy.plain(false),
                listener,
                java.time.Clock.systemUTC());
        assertThatThrownBy(g::open).hasMessageStartingWith("redis at redis://127.0.0.1:1 unreachable: ");
    }
}
