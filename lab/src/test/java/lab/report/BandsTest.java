package lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.TestEvents;
import org.junit.jupiter.api.Test;

class BandsTest {
    private static final Instant T0 = Instant.parse("2026-07-07T12:00:00Z");

    private static Event lab(long ms, EventType type, String detail, Map<String, Object> fields) {
        return TestEvents.event(T0.plusMillis(ms), Event.LAB, 1, type, null, "redis", detail, fields);
    }

    @Test
    void a_worker_that_died_on_its_own_is_drawn_exited_until_it_was_restarted() {
        List<Event> events = List.of(
                lab(
                        1_000,
                        EventType.EXITED,
                        "w2 (pid 202) exited on its own: exit 134",
                        Map.of("target", "w2", "target_pid", 202L, "exit_code", 134L)),
                lab(
                        3_000,
                        EventType.RESTART,
                        "restarted w2",
                        Map.of("target", "w2", "old_pid", 202L, "new_pid", 303L)));

        List<Band> bands = Bands.faults(events, T0.plusSeconds(10));

        assertThat(bands).singleElement().satisfies(b -> {
            assertThat(b.lane()).isEqualTo("w2");
            assertThat(b.kind()).isEqualTo("exited");
            assertThat(b.from()).isEqualTo(T0.plusSeconds(1));
            assertThat(b.to()).isEqualTo(T0.plusSeconds(3));
            assertThat(b.title()).startsWith("w2 (pid 202) exited on its own: exit 134 (exited until ");
        });
    }
}
