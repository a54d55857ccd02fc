package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.guard.redis.FencingCounter;
import lab.guard.redis.RedisLock;
import lab.protocol.EventType;
import lab.protocol.WorkerFact;
import lab.servers.Resp;
import lab.servers.TestServers;
import lab.store.CounterRow;
import lab.store.CounterStore;
import lab.store.FencedWrite;
import lab.store.RunRecord;
import org.junit.jupiter.api.Test;

/**
 * The fencing token end to end against a real Redis and a real store: a holder whose lease ran out while it was
 * stuck in its job writes late, and the store refuses it, because the worker that took the lock after it wrote with
 * a higher token first. And the counter never goes backwards: without it a fenced acquire fails closed.
 */
class FencedLockTest {
    private static final String STORE = "jdbc:h2:mem:fenced-lock-test;DB_CLOSE_DELAY=-1";
    private final List<String> said = new CopyOnWriteArrayList<>();

    private RedisLock lock(String worker, String job, Duration ttl, Duration wait) {
        RedisLock lock = new RedisLock(
                worker, 1, TestServers.redis().url(), job, false, ttl, true, Clock.systemUTC(), true, wait);
        lock.open();
        return lock;
    }

    private Guard guard(String worker, RedisLock lock) {
        return new LeaseGuard<>(
                worker,
                lock,
                LeasePolicy.plain(false),
                (tick, detail, fact) -> said.add(fact.type() + " " + detail),
                Clock.systemUTC());
    }

    /** The job as a worker runs it: its write carries the permit's token, in its own store connection. */
    private static Job fencedWrite(String worker, CountDownLatch before) {
        return (tick, permit) -> {
            Instant started = Instant.now();
            before.await(10, TimeUnit.SECONDS);
            Instant ended = Instant.now();
            try (CounterStore store = new CounterStore(STORE)) {
                FencedWrite w = store.insertFenced(
                        new RunRecord(tick.at(), started, ended, worker, 1, "fenced"),
                        permit.fencingToken().getAsLong());
                return w.written()
                        ? new Write.Written(started, ended)
                        : new Write.Refused(started, ended, w.token(), w.lastToken());
            }
        };
    }

    @Test
    void a_holder_whose_lease_ran_out_mid_job_is_refused_by_the_store_after_the_next_holder_wrote() throws Exception {
        try (CounterStore store = new CounterStore(STORE)) {
            store.createAndClear();
        }
        FencingCounter.restore(TestServers.redis().url(), "fenced-stale", 0);
        Tick tick = new Tick(Instant.parse("2026-12-01T07:34:10Z"), Instant.parse("2026-12-01T07:34:15Z"), "t");
        // w1's lease is 300 ms; its job cannot write until w2 has written: the pause, decided by the test.
        CountDownLatch w2Wrote = new CountDownLatch(1);
        // w2 starts only once w1 holds the lock and is in its job: the order the lesson needs, not the pool's.
        CountDownLatch w1Holds = new CountDownLatch(1);
        Guard w1 = guard("w1", lock("w1", "fenced-stale", Duration.ofMillis(300), Duration.ZERO));
        CompletableFuture<Outcome> stale = CompletableFuture.supplyAsync(() -> {
            try {
                return w1.run(tick, (t, p) -> {
                    w1Holds.countDown();
                    return fencedWrite("w1", w2Wrote).run(t, p);
                });
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(w1Holds.await(10, TimeUnit.SECONDS))
                .as("w1 took the lock, said: %s", said)
                .isTrue();
        // w2 waits for the lock (lock-wait), and gets it once w1's lease has run out.
        Guard w2 = guard("w2", lock("w2", "fenced-stale", Duration.ofSeconds(30), Duration.ofSeconds(10)));
        Outcome fresh = w2.run(tick, (t, p) -> {
            Write w = fencedWrite("w2", new CountDownLatch(0)).run(t, p);
            w2Wrote.countDown();
            return w;
        });

        assertThat(fresh).as("w2, said: %s", said).isInstanceOf(Outcome.Executed.class);
        Outcome late = stale.get(20, TimeUnit.SECONDS);
        assertThat(late).as("w1's late write").isInstanceOf(Outcome.Refused.class);
        long t1 = ((WorkerFact.Refused) late.fact()).token();
        long t2 = ((WorkerFact.Refused) late.fact()).lastToken();
        assertThat(t1).as("w1's token").isLessThan(t2);
        assertThat(late.detail()).contains("token " + t1 + " is lower than " + t2);
        try (CounterStore store = new CounterStore(STORE)) {
            assertThat(store.readAll()).extracting(CounterRow::worker).containsExactly("w2");
            assertThat(store.refusedTicks()).containsExactly(tick.at());
        }
        w1.close();
        w2.close();
    }

    @Test
    void without_its_counter_a_fenced_lock_fails_closed_and_after_the_restore_tokens_go_on_from_the_store()
            throws Exception {
        RedisLock lock = lock("w1", "fenced-restore", Duration.ofSeconds(30), Duration.ZERO);
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(5), "t");
        // What a restart of the lab's Redis (no persistence) leaves: no counter.
        Resp.authed(TestServers.redis().port(), TestServers.PASSWORD, "DEL", FencingCounter.key("fenced-restore"));

        Attempt<RedisLock.Owned> before = lock.acquire(tick);
        assertThat(before).isInstanceOf(Attempt.Broken.class);
        assertThat(((Attempt.Broken<RedisLock.Owned>) before).detail())
                .contains("fencing counter scheduler_lock:fenced-restore:fence is missing");

        assertThat(FencingCounter.restore(TestServers.redis().url(), "fenced-restore", 41))
                .isEqualTo(41);
        assertThat(FencingCounter.restore(TestServers.redis().url(), "fenced-restore", 7))
                .as("a lower floor never lowers it")
                .isEqualTo(41);
        Attempt<RedisLock.Owned> after = lock.acquire(tick);
        assertThat(after).isInstanceOf(Attempt.Granted.class);
        RedisLock.Owned lease = ((Attempt.Granted<RedisLock.Owned>) after).lease();
        assertThat(lease.token()).hasValue(42);
        assertThat(lease.acquired()).endsWith("→ OK, token 42");
        assertThat(lock.release(lease).type()).isEqualTo(EventType.RELEASED);
        lock.close();
    }

    @Test
    void a_worker_with_lock_wait_takes_the_lock_once_its_holder_gives_it_back_and_says_how_long_it_waited()
            throws Exception {
        RedisLock holder = new RedisLock(
                "w1",
                1,
                TestServers.redis().url(),
                "lock-wait",
                false,
                Duration.ofSeconds(30),
                true,
                Clock.systemUTC());
        holder.open();
        // The waiter reads its clock once as it asks and once after each try that found the lock held: the second
        // reading is the event "it tried and was refused", which the test waits for instead of sleeping.
        CountDownLatch refusedOnce = new CountDownLatch(2);
        Clock watched = new Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                refusedOnce.countDown();
                return Instant.now();
            }
        };
        RedisLock waiter = new RedisLock(
                "w2",
                2,
                TestServers.redis().url(),
                "lock-wait",
                false,
                Duration.ofSeconds(30),
                true,
                watched,
                false,
                Duration.ofSeconds(10));
        waiter.open();
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(5), "t");
        RedisLock.Owned held = ((Attempt.Granted<RedisLock.Owned>) holder.acquire(tick)).lease();

        CompletableFuture<Attempt<RedisLock.Owned>> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return waiter.acquire(tick);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(refusedOnce.await(10, TimeUnit.SECONDS))
                .as("the waiter tried and found the lock held")
                .isTrue();
        Instant released = Instant.now();
        holder.release(held);

        Attempt<RedisLock.Owned> got = waiting.get(10, TimeUnit.SECONDS);
        assertThat(got).as("the waiter, once the holder gave the lock back").isInstanceOf(Attempt.Granted.class);
        // Its lease's expiry is counted from when it got the lock, after the release: it waited for it, not for the
        // TTL.
        assertThat(((Attempt.Granted<RedisLock.Owned>) got).lease().granted().expiresAt())
                .as("the waiter's lease ends 30 s after it was let in")
                .isAfterOrEqualTo(released.plusSeconds(30));
        waiter.release(((Attempt.Granted<RedisLock.Owned>) got).lease());
        holder.close();
        waiter.close();
    }

    @Test
    void a_worker_whose_wait_runs_out_skips_and_says_it_waited() throws Exception {
        RedisLock holder = new RedisLock(
                "w1",
                1,
                TestServers.redis().url(),
                "lock-wait-out",
                false,
                Duration.ofSeconds(30),
                true,
                Clock.systemUTC());
        holder.open();
        RedisLock waiter = new RedisLock(
                "w2",
                2,
                TestServers.redis().url(),
                "lock-wait-out",
                false,
                Duration.ofSeconds(30),
                true,
                Clock.systemUTC(),
                false,
                Duration.ofMillis(400));
        waiter.open();
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(5), "t");
        RedisLock.Owned held = ((Attempt.Granted<RedisLock.Owned>) holder.acquire(tick)).lease();

        Attempt<RedisLock.Owned> got = waiter.acquire(tick);

        assertThat(got).isInstanceOf(Attempt.Refused.class);
        Attempt.Refused<RedisLock.Owned> refused = (Attempt.Refused<RedisLock.Owned>) got;
        assertThat(refused.skipped().waitedMs()).isGreaterThanOrEqualTo(400);
        assertThat(refused.detail()).contains("held by w1-1-").contains("after waiting");
        holder.release(held);
        holder.close();
        waiter.close();
    }
}
