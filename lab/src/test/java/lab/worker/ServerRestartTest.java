package lab.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import lab.guard.Guard;
import lab.guard.Outcome;
import lab.guard.Tick;
import lab.guard.redis.FencingCounter;
import lab.os.SessionFolder;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Trigger;
import lab.protocol.WorkerConfig;
import lab.servers.PostgresServer;
import lab.servers.RedisServer;
import lab.servers.TestServers;
import lab.store.CounterRow;
import lab.store.CounterStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A lock server or store restarted between two ticks costs no tick: the connections that died with the old server are
 * found dead on the next call and that call runs again on a fresh one, within the same tick. The guards and the job
 * are the worker's own (GuardFactory, CounterJob) and the servers are real, restarted for real; the store is on the
 * same PostgreSQL as the advisory lock, so that one restart cuts both.
 */
class ServerRestartTest {
    private static Path dir;
    private static RedisServer redis;
    private static PostgresServer postgres;

    @BeforeAll
    static void startServers() throws Exception {
        dir = Files.createTempDirectory("schedlock-restart-");
        redis = TestServers.startRedis(dir.resolve("redis"));
        postgres = TestServers.startPostgres(dir.resolve("postgres"));
    }

    @AfterAll
    static void stopServers() {
        redis.close();
        postgres.close();
        SessionFolder.deleteTree(dir);
    }

    static java.util.List<Mode> modesOnServers() {
        return java.util.List.of(Mode.REDIS, Mode.FENCED, Mode.POSTGRES);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modesOnServers")
    void the_first_tick_after_its_servers_restarted_is_written(Mode mode) throws Exception {
        String job = "restart-" + mode.cliName() + "-" + System.nanoTime();
        ModeSpec spec = ModeSpec.defaults(mode).with(Knobs.TASK_TIME, Duration.ofMillis(20));
        WorkerConfig config = new WorkerConfig(
                "w1",
                "token",
                postgres.url(),
                Duration.ofSeconds(1),
                Trigger.CRON,
                Knobs.JITTER.defaultValue(),
                job,
                redis.url(),
                postgres.url(),
                spec,
                "host1",
                dir.resolve("locks").toString());
        try (CounterStore table = new CounterStore(postgres.url())) {
            table.createAndClear();
        }
        restoreFencing(mode, job);
        List<String> said = new CopyOnWriteArrayList<>();
        Instant t = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Tick before = new Tick(t, t.plusSeconds(1), job);
        Tick after = new Tick(t.plusSeconds(1), t.plusSeconds(2), job);
        try (CounterJob counter = new CounterJob("w1", 4242, postgres.url(), Clock.systemUTC())) {
            Guard guard = new GuardFactory(config, 4242, Clock.systemUTC(), counter::issueToken)
                    .build(spec, (tick, detail, fact) -> said.add(fact.type().wireName() + " " + detail));
            guard.open();
            try {
                Outcome first =
                        guard.run(before, (tk, p) -> counter.run(tk, p, spec.get(Knobs.TASK_TIME), mode.cliName()));
                assertThat(first)
                        .as("the tick before the restart; said: %s", said)
                        .isInstanceOf(Outcome.Executed.class);

                // Both servers, whichever the mode uses: each pool and the store's connection now hold dead sockets.
                redis.stop();
                redis.start();
                postgres.stop();
                postgres.start();
                // What the launcher does after it restarts its Redis: the counter resumes above every token issued.
                restoreFencing(mode, job);

                Outcome next =
                        guard.run(after, (tk, p) -> counter.run(tk, p, spec.get(Knobs.TASK_TIME), mode.cliName()));
                assertThat(next)
                        .as("the first tick after the restart; said: %s", said)
                        .isInstanceOf(Outcome.Executed.class);
            } finally {
                guard.close();
            }
        }
        try (CounterStore table = new CounterStore(postgres.url())) {
            assertThat(table.readAll()).extracting(CounterRow::tickAt).containsExactly(before.at(), after.at());
        }
    }

    private static void restoreFencing(Mode mode, String job) throws Exception {
        if (mode == Mode.FENCED) {
            try (CounterStore table = new CounterStore(postgres.url())) {
                FencingCounter.restore(redis.url(), job, table.highestIssuedToken());
            }
        }
    }
}
