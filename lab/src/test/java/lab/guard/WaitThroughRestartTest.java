package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import lab.guard.redis.FencingCounter;
import lab.guard.redis.RedisLock;
import lab.os.SessionFolder;
import lab.servers.RedisServer;
import lab.servers.TestServers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A worker that waits for the Redis lock keeps waiting through a Redis restart: while the server is down its tries
 * fail, and while the lab has not yet restored the fencing counter its fenced tries find none, but until its wait is
 * over neither ends the wait. Once the restarted Redis answers, without the key it forgot, the waiter takes the lock
 * (lesson 24's duplicate: the first holder still believes it holds it). The test decides the order: the waiter is
 * refused first, then the server stays down for 300 ms, then the counter stays missing for 300 ms, all within a wait
 * of 8 s.
 */
class WaitThroughRestartTest {
    private static final Tick TICK =
            new Tick(Instant.parse("2026-12-03T10:00:00Z"), Instant.parse("2026-12-03T10:00:03Z"), "t");

    private static RedisLock lock(RedisServer redis, String worker, String job, boolean fenced, Duration wait) {
        RedisLock lock = new RedisLock(
                worker, 1, redis.url(), job, false, Duration.ofSeconds(30), true, Clock.systemUTC(), fenced, wait);
        lock.open();
        return lock;
    }

    @ParameterizedTest(name = "fenced {0}")
    @ValueSource(booleans = {false, true})
    void a_waiting_worker_takes_the_lock_a_restarted_redis_forgot_within_its_wait(boolean fenced) throws Exception {
        Path dir = Files.createTempDirectory("schedlock-wait-restart-");
        RedisServer redis = TestServers.startRedis(dir.resolve("redis"));
        String job = "wait-restart-" + fenced;
        try {
            FencingCounter.restore(redis.url(), job, 0);
            RedisLock w1 = lock(redis, "w1", job, fenced, Duration.ZERO);
            RedisLock w2 = lock(redis, "w2", job, fenced, Duration.ofSeconds(8));
            Attempt<RedisLock.Owned> first = w1.acquire(TICK);
            assertThat(first).as("w1 takes the lock").isInstanceOf(Attempt.Granted.class);
            long firstToken = ((Attempt.Granted<RedisLock.Owned>) first).lease().fence();

            Instant asked = Instant.now();
            CompletableFuture<Attempt<RedisLock.Owned>> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return w2.acquire(TICK);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            // w2 has tried and found the key held (a poll every 50 ms): it is waiting, not answered.
            Thread.sleep(300);
            assertThat(waiting).as("w2 waits while w1 holds the lock").isNotDone();

            redis.stop();
            Thread.sleep(300);
            redis.start(); // without persistence: w1's key and the fencing counter are gone
            Thread.sleep(300);
            FencingCounter.restore(redis.url(), job, firstToken);

            Attempt<RedisLock.Owned> second = waiting.get(20, TimeUnit.SECONDS);
            assertThat(second).as("w2's wait, through the restart: %s", second).isInstanceOf(Attempt.Granted.class);
            assertThat(Duration.between(asked, Instant.now()))
                    .as("granted within its wait")
                    .isLessThan(Duration.ofSeconds(8));
            if (fenced) {
                assertThat(((Attempt.Granted<RedisLock.Owned>) second).lease().fence())
                        .as("w2's token, above w1's")
                        .isGreaterThan(firstToken);
            }
            w1.close();
            w2.close();
        } finally {
            redis.close();
            SessionFolder.deleteTree(dir);
        }
    }
}
