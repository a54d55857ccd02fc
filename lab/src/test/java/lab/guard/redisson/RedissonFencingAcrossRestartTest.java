package lab.guard.redisson;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.ModeDeclaration;
import lab.guard.Outcome;
import lab.guard.Tick;
import lab.guard.Write;
import lab.guard.redis.FencingCounter;
import lab.os.SessionFolder;
import lab.protocol.GivenBack;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerFact;
import lab.servers.RedisServer;
import lab.servers.TestServers;
import lab.store.CounterRow;
import lab.store.CounterStore;
import lab.store.FencedWrite;
import lab.store.RunRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Redisson's fenced lock keeps its token counter in a key of its own ({@code redisson_lock_token:{…}}), which a Redis
 * restart without persistence forgets: Redisson would count from 1 again. No token is issued twice all the same: the
 * launcher raises that counter above the highest token issued in the session, and a token issued before is never used.
 * Each test decides its order with latches: the first holder writes only when the test lets it.
 */
class RedissonFencingAcrossRestartTest {
    private static final String STORE = "jdbc:h2:mem:redisson-token-restart;DB_CLOSE_DELAY=-1";
    private static final ModeSpec FENCED = RedissonHashTest.SPEC.with(RedissonMode.FENCE, true);
    private static Path dir;
    private static RedisServer redis;
    private final List<String> said = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void startRedis() throws Exception {
        dir = Files.createTempDirectory("schedlock-redisson-restart-");
        redis = TestServers.startRedis(dir.resolve("redis"));
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
        SessionFolder.deleteTree(dir);
    }

    @BeforeEach
    void newSession() throws Exception {
        try (CounterStore store = new CounterStore(STORE)) {
            store.createAndClear();
        }
    }

    /** The worker's guard: Redisson's fenced lock, its tokens written down in the worker's own store. */
    private Guard guard(String worker, String job, CounterStore ledger) throws Exception {
        Guard g = new LeaseGuard<>(
                worker,
                RedissonMode.lock(worker, worker + "-1", redis.url(), job, FENCED, Clock.systemUTC(), null),
                LeasePolicy.plain(false),
                (tick, detail, fact) -> said.add(fact.type() + " " + detail),
                Clock.systemUTC(),
                null,
                (token, tick) -> {
                    synchronized (ledger) {
                        return ledger.issueToken(token, worker, 1, tick.at(), Instant.now());
                    }
                });
        g.open();
        return g;
    }

    /** The job: waits for {@code go}, then writes its row with the permit's token. */
    private static Job write(String worker, CountDownLatch holding, CountDownLatch go) {
        return (tick, permit) -> {
            holding.countDown();
            Instant started = Instant.now();
            assertThat(go.await(20, TimeUnit.SECONDS)).as(worker + " let go").isTrue();
            Instant ended = Instant.now();
            try (CounterStore store = new CounterStore(STORE)) {
                FencedWrite w = store.insertFenced(
                        new RunRecord(tick.at(), started, ended, worker, 1, "redisson"),
                        permit.fencingToken().getAsLong());
                return w.written()
                        ? new Write.Written(started, ended)
                        : new Write.Refused(started, ended, w.token(), w.lastToken());
            }
        };
    }

    /** What the launcher does when it (re)starts its Redis: every fenced lock's counter, Redisson's among them. */
    private static void restoreAsTheLauncherDoes(String job) throws Exception {
        try (CounterStore store = new CounterStore(STORE)) {
            long floor = store.highestIssuedToken();
            for (String counter : ModeDeclaration.fencingCounters(job)) {
                FencingCounter.restoreKey(redis.url(), counter, floor);
            }
        }
    }

    private static Tick tick(int second) {
        Instant t = Instant.parse("2026-12-03T10:00:00Z").plusSeconds(second);
        return new Tick(t, t.plusSeconds(1), "t");
    }

    private static long token(Outcome o) {
        return o.fact() instanceof WorkerFact.Refused r ? r.token() : ((WorkerFact.Executed) o.fact()).token();
    }

    /** w1 takes its token and stays in its job; Redis restarts, forgetting the hash and the counter. */
    private CompletableFuture<Outcome> holderAcrossARestart(Guard w1, CountDownLatch w1Holds, CountDownLatch w1Go)
            throws Exception {
        CompletableFuture<Outcome> first = CompletableFuture.supplyAsync(() -> {
            try {
                return w1.run(tick(0), write("w1", w1Holds, w1Go));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(w1Holds.await(20, TimeUnit.SECONDS))
                .as("w1 in its job; said: %s", said)
                .isTrue();
        redis.stop();
        redis.start();
        return first;
    }

    @Test
    void after_a_restart_and_the_launchers_restore_the_next_holder_gets_a_higher_token_and_the_older_write_is_refused()
            throws Exception {
        String job = "redisson-token-restart-" + System.nanoTime();
        restoreAsTheLauncherDoes(job);
        try (CounterStore l1 = new CounterStore(STORE);
                CounterStore l2 = new CounterStore(STORE)) {
            Guard w1 = guard("w1", job, l1);
            Guard w2 = guard("w2", job, l2);
            CountDownLatch w1Go = new CountDownLatch(1);
            CompletableFuture<Outcome> first = holderAcrossARestart(w1, new CountDownLatch(1), w1Go);
            restoreAsTheLauncherDoes(job);

            // The restart forgot w1's hash too: w2 takes the lock at once, and writes first.
            Outcome second = w2.run(tick(1), write("w2", new CountDownLatch(1), new CountDownLatch(0)));
            w1Go.countDown();
            Outcome late = first.get(20, TimeUnit.SECONDS);

            assertThat(second).as("w2; said: %s", said).isInstanceOf(Outcome.Executed.class);
            assertThat(late).as("w1's late write; said: %s", said).isInstanceOf(Outcome.Refused.class);
            assertThat(token(late)).as("w1's token").isEqualTo(1);
            assertThat(token(second))
                    .as("w2's token, from Redisson's restored counter")
                    .isEqualTo(2);
            assertThat(said).anyMatch(s -> s.startsWith("LOST w1 - Redisson's lock"));
            try (CounterStore store = new CounterStore(STORE)) {
                assertThat(store.readAll()).extracting(CounterRow::worker).containsExactly("w2");
                assertThat(store.refusedTicks()).containsExactly(tick(0).at());
            }
            w1.close();
            w2.close();
        }
    }

    @Test
    void before_the_restore_redissons_counter_starts_again_and_the_token_it_gives_twice_is_not_used() throws Exception {
        String job = "redisson-token-reissued-" + System.nanoTime();
        restoreAsTheLauncherDoes(job);
        try (CounterStore l1 = new CounterStore(STORE);
                CounterStore l2 = new CounterStore(STORE)) {
            Guard w1 = guard("w1", job, l1);
            Guard w2 = guard("w2", job, l2);
            CountDownLatch w1Go = new CountDownLatch(1);
            CompletableFuture<Outcome> first = holderAcrossARestart(w1, new CountDownLatch(1), w1Go);

            // Redisson's script INCRs a counter the restart forgot: token 1, w1's, a second time.
            boolean[] ran = {false};
            Outcome second = w2.run(tick(1), (tk, p) -> {
                ran[0] = true;
                return new Write.AlreadyThere();
            });
            restoreAsTheLauncherDoes(job);
            Outcome third = w2.run(tick(2), write("w2", new CountDownLatch(1), new CountDownLatch(0)));
            w1Go.countDown();
            Outcome older = first.get(20, TimeUnit.SECONDS);

            assertThat(second).as("w2, given token 1 again; said: %s", said).isInstanceOf(Outcome.Failed.class);
            assertThat(second.detail())
                    .startsWith("w2 - fencing token 1 not used: it was issued before, to w1 (pid 1) for tick ");
            assertThat(((GivenBack.Error) second.fact()).reason()).isEqualTo(GivenBack.ErrorReason.TOKEN_REISSUED);
            assertThat(ran[0]).as("w2's job ran").isFalse();
            assertThat(token(third))
                    .as("w2's token once the counter is restored")
                    .isEqualTo(2);
            assertThat(older).as("w1, the token's first holder; said: %s", said).isInstanceOf(Outcome.Refused.class);
            w1.close();
            w2.close();
        }
    }
}
