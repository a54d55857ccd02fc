package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real worker JVM switched the way the launcher switches its own workers, down its stdin: acknowledged once its
 * mode event says the new mode, and refused in the worker's own words with the mode kept. The answer lines stay out of
 * what the lab records.
 */
class StdinSwitchTest {
    private static final List<Event> EVENTS = new CopyOnWriteArrayList<>();
    private static final ModeSwitcher SWITCHER = new ModeSwitcher();
    private static WorkerProcess worker;

    @BeforeAll
    static void startWorker() throws Exception {
        // The store is never reached: the period is long and the switches come first.
        WorkerConfig config = new WorkerConfig(
                "w7",
                "session-token-for-this-test",
                "jdbc:h2:mem:unused",
                Duration.ofMinutes(10),
                lab.protocol.Trigger.CRON,
                lab.protocol.Knobs.JITTER.defaultValue(),
                "tick",
                // No Redis listens on port 1: a switch to redis cannot open its guard.
                "redis://127.0.0.1:1",
                null,
                ModeSpec.defaults(Mode.NAIVE),
                "host1",
                null);
        worker = new WorkerProcess(config, EVENTS::add);
        worker.start(List.of());
        worker.awaitHealthy(java.net.http.HttpClient.newHttpClient(), Duration.ofSeconds(60));
    }

    @AfterAll
    static void stopWorker() throws InterruptedException {
        worker.requestStop();
        worker.awaitStop(Duration.ofSeconds(5));
    }

    @Test
    void a_switch_down_stdin_is_acknowledged_after_the_mode_event_that_says_the_new_mode() {
        ModeSwitcher.Result r = SWITCHER.switchAll(List.of(worker), ModeSpec.defaults(Mode.LOCAL_MUTEX));

        assertThat(r.complete()).as("acknowledged: %s", r.answers()).isTrue();
        // Acknowledged means in force: the mode line came before the answer, on the same pipe.
        assertThat(EVENTS)
                .filteredOn(e -> e.type() == EventType.MODE)
                .last()
                .extracting(Event::mode)
                .isEqualTo("local-mutex");
        assertThat(EVENTS).as("answers kept out of the lab's events").noneMatch(e -> e.type() == EventType.ANSWER);

        SWITCHER.switchAll(List.of(worker), ModeSpec.defaults(Mode.NAIVE));
    }

    @Test
    void a_switch_whose_guard_cannot_open_is_refused_in_the_workers_words_and_the_mode_stays() {
        ModeSwitcher.Result r = SWITCHER.switchAll(List.of(worker), ModeSpec.defaults(Mode.REDIS));

        assertThat(r.refusedByAll()).as("refused: %s", r.answers()).isTrue();
        assertThat(r.refusals().get(0))
                .startsWith("w7 - cannot switch to redis: ")
                .endsWith("still in mode naive");
    }

    @Test
    void switches_to_a_paused_worker_whose_pipe_fills_up_never_hold_up_the_launcher() throws Exception {
        int lines = 200; // about 90 KB of switches: more than the pipe and the worker's reader hold
        long modesBefore = modeEvents();
        SwitchChannel channel = SWITCHER.channel(worker);
        List<java.util.concurrent.CompletableFuture<java.util.Optional<SwitchAnswer>>> asked =
                new java.util.ArrayList<>();
        worker.pause();
        try {
            // Asking must return at once whatever the worker does: a write that blocked would hold up every switch.
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                for (int i = 0; i < lines; i++) {
                    asked.add(channel.ask(ModeSpec.defaults(i % 2 == 0 ? Mode.LOCAL_MUTEX : Mode.NAIVE)));
                }
            });
        } finally {
            worker.resume();
        }
        // Resumed, it takes every line in order and ends in the last mode asked for.
        await().atMost(Duration.ofSeconds(120)).until(() -> modeEvents() >= modesBefore + lines);
        assertThat(EVENTS)
                .filteredOn(e -> e.type() == EventType.MODE)
                .last()
                .extracting(Event::mode)
                .isEqualTo("naive");
        assertThat(SWITCHER.switchAll(List.of(worker), ModeSpec.defaults(Mode.NAIVE))
                        .complete())
                .as("a switch after them")
                .isTrue();
    }

    private static long modeEvents() {
        return EVENTS.stream().filter(e -> e.type() == EventType.MODE).count();
    }
}
