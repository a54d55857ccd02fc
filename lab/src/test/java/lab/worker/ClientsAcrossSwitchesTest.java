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
        // ShedLock's JdbcTemplate runs over the worker's PostgreSQL pool, the one the advisory lock uses.
        Mode shedlock = Mode.byName("shedlock").orElseThrow();
        List<Mode> switches = List.of(
                Mode.REDIS, Mode.POSTGRES, shedlock, Mode.FENCED, Mode.REDIS, shedlock, Mode.NAIVE, Mode.POSTGRES);
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
                .as("pools open after %d switches: one Redis, one PostgreSQL (ShedLock's too)", switches.size())
                .isEqualTo(2);

        retired.close();
        factory.close();
        assertThat(factory.clients().count())
                .as("pools open once the worker stopped")
                .isZero();
        Guard late = factory.build(ModeSpec.defaults(Mode.REDIS), LockListener.NONE);
        assertThatThrownBy(late::open).hasMessageContaining("the worker's clients are closed");
    }
}
