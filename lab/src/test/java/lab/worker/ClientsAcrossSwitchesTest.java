package lab.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.guard.Guard;
import lab.guard.LockListener;
import lab.guard.Outcome;
import lab.guard.Tick;
import lab.guard.TokenLedger;
import lab.guard.Write;
import lab.guard.redis.FencingCounter;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Trigger;
import lab.protocol.WorkerConfig;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker's server clients outlive its guards: switching mode back and forth opens each server's pool once, a run of
 * a retired guard still finds its pool open, and the pools close only when the worker stops.
 */
class ClientsAcrossSwitchesTest {
    @TempDir
    Path dir;

    @Test
    void switches_between_modes_open_each_servers_pool_once_and_the_worker_closes_them_when_it_stops()
            throws Exception {
        String job = "clients-" + System.nanoTime();
        FencingCounter.restore(TestServers.redis().url(), job, 0);
        WorkerConfig config = new WorkerConfig(
                "w1",
                "token",
                "jdbc:h2:mem:unused",
                Duration.ofSeconds(1),
                Trigger.CRON,
                Knobs.JITTER.defaultValue(),
                job,
                TestServers.redis().url(),
                TestServers.postgres().url(),
                ModeSpec.defaults(Mode.NAIVE),
                "host1",
                dir.toString());
        GuardFactory factory = new GuardFactory(config, 4242, Clock.systemUTC(), TokenLedger.NONE);
        // ShedLock's JdbcTemplate runs over the worker's PostgreSQL pool, the one the advisory lock uses; Redisson has
        // a client of its own, kept too.
        Mode shedlock = Mode.byName("shedlock").orElseThrow();
        Mode redisson = Mode.byName("redisson").orElseThrow();
        List<Mode> switches = List.of(
                Mode.REDIS,
                Mode.POSTGRES,
                shedlock,
                redisson,
                Mode.FENCED,
                Mode.REDIS,
                shedlock,
                redisson,
                Mode.NAIVE,
                Mode.POSTGRES);
        Guard retired = null;
        int t = 0;
        for (Mode mode : switches) {
            Guard guard = factory.build(ModeSpec.defaults(mode), LockListener.NONE);
            guard.open();
            if (retired != null) {
                retired.close(); // as a switch retires the guard it replaced, once its runs are done
            }
            Instant at = Instant.ofEpochSecond(3_000_000 + t++);
            Outcome o = guard.run(new Tick(at, at.plusSeconds(1), job), (tk, permit) -> {
                return new Write.Written(Instant.now(), Instant.now());
            });
            assertThat(o).as("a tick in mode %s", mode).isInstanceOf(Outcome.Executed.class);
            retired = guard;
        }

        assertThat(factory.clients().count())
                .as(
                        "clients open after %d switches: one Redis, one PostgreSQL (ShedLock's too), one Redisson",
                        switches.size())
                .isEqualTo(3);

        retired.close();
        factory.close();
        assertThat(factory.clients().count())
                .as("pools open once the worker stopped")
                .isZero();
        Guard late = factory.build(ModeSpec.defaults(Mode.REDIS), LockListener.NONE);
        assertThatThrownBy(late::open).hasMessageContaining("the worker's clients are closed");
    }

    /** The connections Redis has open for clients named {@code name}, as {@code CLIENT LIST} shows them. */
    private static long connectionsNamed(String name) {
        try (redis.clients.jedis.Jedis jedis = new redis.clients.jedis.Jedis(
                java.net.URI.create(TestServers.redis().url()))) {
            return jedis.clientList()
                    .lines()
                    .filter(l -> l.contains(" name=" + name + " "))
                    .count();
        }
    }

    @Test
    void
            under_renew_on_a_new_lock_ttl_rebuilds_redissons_client_the_switch_says_so_and_the_old_one_closes_with_its_guard()
                    throws Exception {
        String job = "redisson-rebuild-" + System.nanoTime();
        String worker = "wr" + (System.nanoTime() % 100_000);
        WorkerConfig config = new WorkerConfig(
                worker,
                "token",
                "jdbc:h2:mem:unused",
                Duration.ofSeconds(1),
                Trigger.CRON,
                Knobs.JITTER.defaultValue(),
                job,
                TestServers.redis().url(),
                TestServers.postgres().url(),
                ModeSpec.defaults(Mode.NAIVE),
                "host1",
                dir.toString());
        GuardFactory factory = new GuardFactory(config, 4242, Clock.systemUTC(), TokenLedger.NONE);
        String name = worker + "-4242-redisson";
        ModeSpec watchdog3s = ModeSpec.defaults(Mode.byName("redisson").orElseThrow())
                .with(Knobs.RENEW, true)
                .with(Knobs.LOCK_TTL, Duration.ofSeconds(3));
        Guard first = factory.build(watchdog3s, LockListener.NONE);
        first.open();
        long one = connectionsNamed(name);

        Guard second = factory.build(watchdog3s.with(Knobs.LOCK_TTL, Duration.ofSeconds(2)), LockListener.NONE);
        second.open();
        long both = connectionsNamed(name);
        first.close(); // the switch retires the first guard once its runs are done: its client goes with it
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> connectionsNamed(name) == one);
        Guard third = factory.build(
                watchdog3s.with(Knobs.RENEW, false).with(Knobs.LOCK_TTL, Duration.ofSeconds(5)), LockListener.NONE);
        third.open();
        second.close();

        // One connection for commands and one for the pub/sub Redisson's waiters listen on (its defaults: 24 + 1).
        assertThat(one)
                .as("connections of one Redisson client, sized for a worker")
                .isEqualTo(2);
        assertThat(both).as("while the retired guard's client is still open").isEqualTo(2 * one);
        assertThat(second.openedWith())
                .contains("Redisson's client rebuilt with lockWatchdogTimeout 2000 ms (was 3000 ms)");
        assertThat(third.openedWith())
                .as("renew off: lockWatchdogTimeout unused, the client kept")
                .isEmpty();
        assertThat(factory.clients().count()).isEqualTo(1);
        third.close();
        factory.close();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> connectionsNamed(name) == 0);
    }
}
