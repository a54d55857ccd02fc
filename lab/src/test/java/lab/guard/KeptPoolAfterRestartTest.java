package lab.guard;

import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import lab.guard.redis.RedisLock;
import lab.os.SessionFolder;
import lab.servers.RedisServer;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;

/**
 * A worker keeps its Redis pool across switches, and a restarted Redis leaves that pool's idle connections dead. A
 * switch into a Redis mode after the restart opens the lock on the kept pool, and its check must find a live
 * connection, not refuse the switch for a dead one (the matrix's restart column found switches refused with
 * "Unexpected end of stream").
 */
class KeptPoolAfterRestartTest {
    @Test
    void a_switch_into_a_redis_mode_after_a_restart_opens_on_the_kept_pool() throws Exception {
        Path dir = Files.createTempDirectory("schedlock-kept-pool-");
        RedisServer redis = TestServers.startRedis(dir.resolve("redis"));
        try (Clients kept = new Clients()) {
            RedisLock before = new RedisLock(
                            "w1", 1, redis.url(), "kept", false, Duration.ofSeconds(1), true, Clock.systemUTC())
                    .sharing(kept);
            before.open(); // the pool now holds an idle connection to this server
            before.close();

            redis.stop();
            redis.start(); // the idle connection died with the old process

            RedisLock after = new RedisLock(
                            "w1", 1, redis.url(), "kept", false, Duration.ofSeconds(1), true, Clock.systemUTC())
                    .sharing(kept);
            assertThatCode(after::open)
                    .as("opening on the kept pool after the restart")
                    .doesNotThrowAnyException();
            after.close();
        } finally {
            redis.close();
            SessionFolder.deleteTree(dir);
        }
    }
}
