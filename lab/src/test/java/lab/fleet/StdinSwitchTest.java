package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

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
}
