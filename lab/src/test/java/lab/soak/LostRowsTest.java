package lab.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.TestEvents;
import lab.store.CounterRow;
import org.junit.jupiter.api.Test;

class LostRowsTest {
    private static final Instant TICK = Instant.parse("2026-07-07T02:34:18Z");
    private static final Instant SAID = TICK.plusMillis(60);

    private static Event event(String worker, long pid, EventType type, Instant tick) {
        return TestEvents.event(SAID, worker, pid, type, tick, "fenced", null, Map.of());
    }

    private static CounterRow row(String worker, long pid, Instant tick) {
        return new CounterRow(1, SAID, tick, TICK.plusMillis(5), worker, pid, "fenced");
    }

    @Test
    void a_written_row_the_table_kept_is_not_lost() {
        List<Event> recording = List.of(event("w1", 11, EventType.EXECUTED, TICK));

        assertThat(LostRows.find(recording, List.of(row("w1", 11, TICK)))).isEmpty();
        assertThat(LostRows.written(recording)).isEqualTo(1);
    }

    @Test
    void a_row_of_the_same_worker_from_another_process_or_tick_does_not_stand_for_the_one_it_said_it_wrote() {
        List<Event> recording = List.of(event("w2", 12, EventType.EXECUTED, TICK));
        List<CounterRow> rows = List.of(row("w2", 99, TICK), row("w2", 12, TICK.plusMillis(200)));

        assertThat(LostRows.find(recording, rows)).containsExactly(new LostRows.Lost("w2", 12, TICK, SAID));
        assertThat(LostRows.find(recording, rows).get(0).toString())
                .isEqualTo("w2 (pid 12) said at 2026-07-07T02:34:18.060Z that it wrote tick 2026-07-07T02:34:18Z,"
                        + " and the table has no row of it");
    }

    @Test
    void only_a_workers_executed_events_say_a_row_was_written() {
        List<Event> recording = List.of(
                event("w1", 11, EventType.REFUSED, TICK),
                event("w1", 11, EventType.SKIPPED, TICK),
                event(Event.LAB, 1, EventType.EXECUTED, TICK));

        assertThat(LostRows.find(recording, List.of())).isEmpty();
        assertThat(LostRows.written(recording)).isZero();
    }
}
