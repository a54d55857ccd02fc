package lab.headless;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.TestEvents;
import org.junit.jupiter.api.Test;

class EventLineTest {
    private static final Instant TICK = Instant.parse("2026-07-07T02:34:18Z");

    private static Event event(EventType type, Instant tick, String detail) {
        // A ready line says its port; the other kinds here need no field.
        Map<String, Object> fields = type == EventType.READY ? Map.of("port", 8080) : Map.of();
        return TestEvents.event(TICK.plusMillis(2), "w3", 4242, type, tick, "redis", detail, fields);
    }

    @Test
    void an_event_reads_as_its_time_to_the_millisecond_its_worker_what_happened_and_its_tick() {
        assertThat(EventLine.format(event(EventType.EXECUTED, TICK, null), ZoneOffset.UTC))
                .isEqualTo("02:34:18.002 w3 executed tick 02:34:18");
    }

    @Test
    void the_workers_sentence_follows_without_repeating_the_worker() {
        assertThat(EventLine.format(event(EventType.SKIPPED, TICK, "w3 - lock held by w1-11-ab"), ZoneOffset.UTC))
                .isEqualTo("02:34:18.002 w3 skipped tick 02:34:18  lock held by w1-11-ab");
        assertThat(EventLine.format(event(EventType.ERROR, TICK, "store down"), ZoneOffset.UTC))
                .isEqualTo("02:34:18.002 w3 error tick 02:34:18  store down");
    }

    @Test
    void a_fire_says_only_that_it_fired() {
        assertThat(EventLine.format(event(EventType.FIRED, TICK, "w3 - scheduled"), ZoneOffset.UTC))
                .isEqualTo("02:34:18.002 w3 fired tick 02:34:18");
    }

    @Test
    void ready_names_the_process_and_its_mode_and_has_no_tick() {
        assertThat(EventLine.format(event(EventType.READY, null, null), ZoneOffset.UTC))
                .isEqualTo("02:34:18.002 w3 ready pid 4242, mode redis");
    }

    @Test
    void a_tick_off_the_whole_second_is_shown_to_the_millisecond() {
        assertThat(EventLine.tick(TICK.plusMillis(200), ZoneOffset.UTC)).isEqualTo("02:34:18.200");
        assertThat(EventLine.tick(TICK, ZoneOffset.UTC)).isEqualTo("02:34:18");
    }

    @Test
    void times_are_shown_in_the_zone_it_is_given() {
        assertThat(EventLine.format(event(EventType.EXECUTED, TICK, null), ZoneId.of("Asia/Shanghai")))
                .isEqualTo("10:34:18.002 w3 executed tick 10:34:18");
    }
}
