package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
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
import lab.os.SessionFolder;
import lab.protocol.GivenBack;
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
 * No fencing token is issued twice in a session, Redis restarts included. A holder takes a token and is still in its
 * job when Redis restarts without persistence (its counter gone); the counter resumes from the highest token
 * <em>issued</em>, written down in the store before each use, so the next holder's token is higher, and of the two
 * writes the older is refused if it comes second. Each test decides its order with latches: the first holder writes
 * only when the test lets it.
 */
class FencingTokenAcrossRestartTest {
    private static final String STORE = "jdbc:h2:mem:fencing-token-restart;DB_CLOSE_DELAY=-1";
    private static Path dir;
    private static RedisServer redis;
    private final List<String> said = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void startRedis() throws Exception {
        dir = Files.createTempDirectory("schedlock-token-restart-");
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

    /** The worker's guard: the fenced Redis lock, its tokens written down in the worker's own store. */
    private Guard guard(String worker, String job, CounterStore ledger) {
        RedisLock lock = new RedisLock(
                worker,
                1,
                redis.url(),
                job,
                false,
                Duration.ofSeconds(30),
                true,
                Clock.systemUTC(),
                true,
                Duration.ZERO);
        lock.open();
        return new LeaseGuard<>(
                worker,
                lock,
                LeasePolicy.plain(false),
                (tick, detail, fact) -> said.add(fact.type() + " " + detail),
                Clock.systemUTC(),
                null,
                (token, tick) -> {
                    synchronized (ledger) {
                        return ledger.issueToken(token, worker, 1, tick.at(), Instant.now());
                    }
                });
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
                        new RunRecord(tick.at(), started, ended, worker, 1, "fenced"),
                        permit.fencingToken().getAsLong());
                return w.written()
                        ? new Write.Written(started, ended)
                        : new Write.Refused(started, ended, w.token(), w.lastToken());
            }
        };
    }

    /** What the launcher does when it (re)starts its Redis: the counter resumes from the store's ledger. */
    private static void restoreAsTheLauncherDoes(String job) throws Exception {
        try (CounterStore store = new CounterStore(STORE)) {
            FencingCounter.restore(redis.url(), job, store.highestIssuedToken());
        }
    }

    private static Tick tick(int second) {
        Instant t = Instant.parse("2026-12-03T10:00:00Z").plusSeconds(second);
        return new Tick(t, t.plusSeconds(1), "t");
    }

    private static long token(Outcome o) {
        // The token its row carried, written or refused.
        return o.fact() instanceof WorkerFact.Refused r ? r.token() : ((WorkerFact.Executed) o.fact()).token();
    }

    /** w1 takes its token and stays in its job; Redis restarts; w2 takes the lock. Answers w1's run, still going. */
    private CompletableFuture<Outcome> holderAcrossARestart(
            Guard w1, CountDownLatch w1Holds, CountDownLatch w1Go, String job) throws Exception {
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
        restoreAsTheLauncherDoes(job);
        return first;
    }

    @Test
    void after_a_restart_the_next_holder_gets_a_higher_token_and_the_older_write_coming_second_is_refused()
            throws Exception {
        String job = "token-restart-newer-first";
        restoreAsTheLauncherDoes(job);
        try (CounterStore l1 = new CounterStore(STORE);
                CounterStore l2 = new CounterStore(STORE)) {
            Guard w1 = guard("w1", job, l1);
            Guard w2 = guard("w2", job, l2);
            CountDownLatch w1Holds = new CountDownLatch(1);
            CountDownLatch w1Go = new CountDownLatch(1);
            CompletableFuture<Outcome> first = holderAcrossARestart(w1, w1Holds, w1Go, job);

            // The restart forgot w1's lock too: w2 takes it at once, and writes first.
            Outcome second = w2.run(tick(1), write("w2", new CountDownLatch(1), new CountDownLatch(0)));
            w1Go.countDown();
            Outcome late = first.get(20, TimeUnit.SECONDS);

            assertThat(second).as("w2; said: %s", said).isInstanceOf(Outcome.Executed.class);
            assertThat(late).as("w1's late write; said: %s", said).isInstanceOf(Outcome.Refused.class);
            assertThat(token(late)).as("w1's token").isEqualTo(1);
            assertThat(token(second)).as("w2's token, after the restart").isEqualTo(2);
            try (CounterStore store = new CounterStore(STORE)) {
                assertThat(store.readAll()).extracting(CounterRow::worker).containsExactly("w2");
                assertThat(store.refusedTicks()).containsExactly(tick(0).at());
            }
            w1.close();
            w2.close();
        }
    }

    @Test
    void after_a_restart_the_older_write_coming_first_passes_and_so_does_the_newer_as_fencing_allows()
            throws Exception {
        String job = "token-restart-older-first";
        restoreAsTheLauncherDoes(job);
        try (CounterStore l1 = new CounterStore(STORE);
                CounterStore l2 = new CounterStore(STORE)) {
            Guard w1 = guard("w1", job, l1);
            Guard w2 = guard("w2", job, l2);
            CountDownLatch w1Holds = new CountDownLatch(1);
            CountDownLatch w1Go = new CountDownLatch(1);
            CompletableFuture<Outcome> first = holderAcrossARestart(w1, w1Holds, w1Go, job);

            CountDownLatch w2Holds = new CountDownLatch(1);
            CountDownLatch w2Go = new CountDownLatch(1);
            CompletableFuture<Outcome> second = CompletableFuture.supplyAsync(() -> {
                try {
                    return w2.run(tick(1), write("w2", w2Holds, w2Go));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(w2Holds.await(20, TimeUnit.SECONDS))
                    .as("w2 in its job; said: %s", said)
                    .isTrue();
            w1Go.countDown();
            Outcome older = first.get(20, TimeUnit.SECONDS);
            w2Go.countDown();
            Outcome newer = second.get(20, TimeUnit.SECONDS);

            assertThat(older).as("w1; said: %s", said).isInstanceOf(Outcome.Executed.class);
            assertThat(newer).as("w2; said: %s", said).isInstanceOf(Outcome.Executed.class);
            assertThat(token(newer)).as("the tokens differ").isGreaterThan(token(older));
            w1.close();
            w2.close();
        }
    }

    @Test
    void a_token_issued_before_is_not_used_even_when_the_counter_went_back() throws Exception {
        String job = "token-reissued";
        restoreAsTheLauncherDoes(job);
        try (CounterStore l1 = new CounterStore(STORE);
                CounterStore l2 = new CounterStore(STORE)) {
            Guard w1 = guard("w1", job, l1);
            Guard w2 = guard("w2", job, l2);
            CountDownLatch w1Holds = new CountDownLatch(1);
            CountDownLatch w1Go = new CountDownLatch(1);
            CompletableFuture<Outcome> first = holderAcrossARestart(w1, w1Holds, w1Go, job);
            // The old restore's mistake, made on purpose: the counter back to the highest token accepted, 0, below
            // the token w1 holds and has not written yet.
            redis.stop();
            redis.start();
            FencingCounter.restore(redis.url(), job, 0);

            boolean[] ran = {false};
            Outcome second = w2.run(tick(1), (tk, p) -> {
                ran[0] = true;
                return new Write.AlreadyThere();
            });
            w1Go.countDown();
            Outcome older = first.get(20, TimeUnit.SECONDS);

            assertThat(second).as("w2, given token 1 again; said: %s", said).isInstanceOf(Outcome.Failed.class);
            assertThat(second.detail())
                    .startsWith("w2 - fencing token 1 not used: it was issued before, to w1 (pid 1) for tick ");
            assertThat(((GivenBack.Error) second.fact()).reason()).isEqualTo(GivenBack.ErrorReason.TOKEN_REISSUED);
            assertThat(ran[0]).as("w2's job ran").isFalse();
            assertThat(older).as("w1, the token's first holder; said: %s", said).isInstanceOf(Outcome.Executed.class);
            w1.close();
            w2.close();
        }
    }
}
