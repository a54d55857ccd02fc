package lab.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import lab.os.FreePort;
import lab.protocol.RedisPersistence;
import lab.protocol.ServerSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a restart of the lab's own Redis keeps, from each source (the machine's is skipped where it has none): with
 * aof-always a lock key set before is there after, its expiry having run on while the server was down; with none it
 * is gone.
 */
class RedisPersistenceTest {
    private static final long DOWN_MS = 600;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(
            value = ServerSource.class,
            names = {"MACHINE", "EMBEDDED"})
    void with_aof_always_a_key_survives_a_restart_and_its_expiry_runs_on_while_the_server_is_down(ServerSource source)
            throws Exception {
        RedisServer redis = start(source, RedisPersistence.AOF_ALWAYS);
        try {
            int port = redis.port();
            assertThat(Resp.authed(port, TestServers.PASSWORD, "SET", "scheduler_lock:tick", "w1", "NX", "PX", "5000"))
                    .isEqualTo("+OK");
            long before = pttl(port);

            restart(redis);

            assertThat(Resp.authed(port, TestServers.PASSWORD, "GET", "scheduler_lock:tick"))
                    .isEqualTo("$2");
            long after = pttl(port);
            assertThat(after).isPositive().isLessThanOrEqualTo(before - DOWN_MS);
        } finally {
            redis.close();
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = ServerSource.class,
            names = {"MACHINE", "EMBEDDED"})
    void with_no_persistence_a_restart_forgets_the_key(ServerSource source) throws Exception {
        RedisServer redis = start(source, RedisPersistence.NONE);
        try {
            int port = redis.port();
            assertThat(Resp.authed(port, TestServers.PASSWORD, "SET", "scheduler_lock:tick", "w1", "NX", "PX", "5000"))
                    .isEqualTo("+OK");

            restart(redis);

            assertThat(Resp.authed(port, TestServers.PASSWORD, "GET", "scheduler_lock:tick"))
                    .isEqualTo("$-1");
        } finally {
            redis.close();
        }
    }

    private RedisServer start(ServerSource source, RedisPersistence persistence) throws IOException {
        assumeTrue(source != ServerSource.MACHINE || TestServers.hasMachineRedis(), "no redis-server on the PATH");
        return RedisServer.start(
                tmp.resolve(source + "-" + persistence),
                source,
                FreePort.pick(),
                TestServers.PASSWORD,
                List.of(),
                persistence);
    }

    /** Down for {@link #DOWN_MS} at least, as a stop and a start by the lab are. */
    private static void restart(RedisServer redis) throws Exception {
        redis.stop();
        Thread.sleep(DOWN_MS);
        redis.start();
    }

    private static long pttl(int port) throws IOException {
        String reply = Resp.authed(port, TestServers.PASSWORD, "PTTL", "scheduler_lock:tick");
        assertThat(reply).startsWith(":");
        return Long.parseLong(reply.substring(1));
    }
}
