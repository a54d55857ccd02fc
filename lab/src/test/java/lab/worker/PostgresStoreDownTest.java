package lab.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import lab.guard.Guard;
import lab.guard.Outcome;
import lab.guard.Tick;
import lab.os.SessionFolder;
import lab.protocol.GivenBack;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Trigger;
import lab.protocol.WorkerConfig;
import lab.servers.PostgresServer;
import lab.servers.TestServers;
import lab.store.CounterRow;
import lab.store.CounterStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The counter table in a PostgreSQL that stops, in every mode: the tick's write fails, the worker says so (an
 * error, not a run), nothing of that run is in the store — neither its row nor its job_runs line — and the lock it
 * ran under is given back; once the server is back the next tick writes. The guards are built as a worker builds
 * them (GuardFactory) and the job is the worker's own (CounterJob); the locks live on servers that stay up, so
 * that only the store goes away. The Redis counterpart (the lock server down) is RedisTrapsTest and FailClosedTest.
 */
class PostgresStoreDownTest {
    private static Path dir;
    private static PostgresServer store;

    @BeforeAll
    static void startTheStore() throws Exception {
        dir = Files.createTempDirectory("schedlock-store-down-");
        store = TestServers.startPostgres(dir.resolve("store"));
    }

    @AfterAll
    static void stopTheStore() {
        store.close();
        SessionFolder.deleteTree(dir);
    }

    /** Every mode declared, shipped or a test's own. */
    static java.util.List<Mode> modes() {
        return Mode.values();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void with_the_store_stopped_the_tick_fails_closed_writes_nothing_and_the_next_tick_writes_once_it_is_back(Mode mode)
            throws Exception {
        String job = "store-down-" + mode.cliName() + "-" + System.nanoTime();
        ModeSpec spec = ModeSpec.defaults(mode).with(Knobs.TASK_TIME, Duration.ofMillis(20));
        WorkerConfig config = new WorkerConfig(
                "w1",
                "token",
                store.url(),
                Duration.ofSeconds(1),
                Trigger.CRON,
                Knobs.JITTER.defaultValue(),
                job,
                TestServers.redis().url(),
                TestServers.postgres().url(),
                spec,
                "host1",
                dir.resolve("locks").toString()); // host-mutex's lock folder: every mode is built the lab's way
        if (mode == Mode.FENCED) {
            // The launcher restores the fencing counter before any worker may take the lock; so does this test.
            lab.guard.redis.FencingCounter.restore(TestServers.redis().url(), job, 0);
        }
        List<String> said = new CopyOnWriteArrayList<>();
        CounterJob counter = new CounterJob("w1", 4242, store.url(), Clock.systemUTC());
        // The worker's own store is the fenced lock's token ledger, as in a worker.
        Guard guard = new GuardFactory(config, 4242, Clock.systemUTC(), counter::issueToken)
                .build(spec, (tick, detail, fact) -> said.add(fact.type().wireName() + " " + detail));
        guard.open();
        Instant t = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        Tick during = new Tick(t, t.plusSeconds(1), job);
        Tick after = new Tick(t.plusSeconds(1), t.plusSeconds(2), job);
        try (CounterStore table = new CounterStore(store.url())) {
            table.createAndClear();
        }
        try (counter) {
            store.stop();
            Outcome down = guard.run(
                    during, (tk, permit) -> counter.run(tk, permit, spec.get(Knobs.TASK_TIME), mode.cliName()));
            store.start();
            Outcome back = guard.run(
                    after, (tk, permit) -> counter.run(tk, permit, spec.get(Knobs.TASK_TIME), mode.cliName()));

            assertThat(down)
                    .as("the tick while the store was down; said: %s", said)
                    .isInstanceOf(Outcome.Failed.class);
            assertThat(down.detail())
                    .startsWith(
                            mode == Mode.FENCED
                                    // The token is written down before the job may carry it: the store fails that
                                    // first.
                                    ? "w1 - fencing token "
                                    : "w1 - job ran but could not write its row: the store could not be reached (")
                    .doesNotContain(TestServers.PASSWORD)
                    .doesNotContain("\n");
            // Said as store-down, so that the explainer names the missed tick's cause rather than "unexplained".
            assertThat(((GivenBack.Error) down.fact()).reason()).isEqualTo(GivenBack.ErrorReason.STORE_DOWN);
            assertThat(back)
                    .as("the next tick, with the store back (and the lock given back); said: %s", said)
                    .isInstanceOf(Outcome.Executed.class);
            // Read on a connection of its own: one opened before the outage was cut by it.
            try (CounterStore table = new CounterStore(store.url())) {
                assertThat(table.readAll()).extracting(CounterRow::tickAt).containsExactly(after.at());
                assertThat(table.runTicks()).as("job_runs").containsExactly(after.at());
            }
        } finally {
            guard.close();
            if (!store.isRunning()) {
                store.start();
            }
        }
        // Every lock taken was given back, the failed run's too: it did not keep the lock past its job.
        assertThat(said.stream().filter(s -> s.startsWith("released ")).count())
                .as("releases; said: %s", said)
                .isEqualTo(said.stream().filter(s -> s.startsWith("acquired ")).count());
    }
}
