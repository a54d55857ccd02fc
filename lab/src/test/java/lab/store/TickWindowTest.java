package lab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TickWindowTest {
    private static final Duration TWO_SECONDS = Duration.ofSeconds(2);

    @Test
    void an_instant_belongs_to_the_window_that_starts_at_the_last_whole_multiple_of_the_period() {
        TickWindow w = TickWindow.containing(Instant.parse("2026-12-01T05:00:03.999Z"), TWO_SECONDS);

        assertThat(w.start()).isEqualTo(Instant.parse("2026-12-01T05:00:02Z"));
        assertThat(w.end()).isEqualTo(Instant.parse("2026-12-01T05:00:04Z"));
        assertThat(TickWindow.containing(w.start(), TWO_SECONDS)).isEqualTo(w);
    }

    @Test
    void the_first_window_from_an_instant_starts_there_or_at_the_next_boundary() {
        Instant boundary = Instant.parse("2026-12-01T05:00:02Z");

        assertThat(TickWindow.firstFrom(boundary, TWO_SECONDS).start()).isEqualTo(boundary);
        assertThat(TickWindow.firstFrom(boundary.plusMillis(1), TWO_SECONDS).start())
                .isEqualTo(Instant.parse("2026-12-01T05:00:04Z"));
        assertThat(TickWindow.firstFrom(boundary, TWO_SECONDS).next(TWO_SECONDS).start())
                .isEqualTo(Instant.parse("2026-12-01T05:00:04Z"));
    }

    @Test
    void the_first_window_from_an_instant_is_found_to_the_millisecond_as_the_table_keeps_time() {
        Instant boundary = Instant.parse("2026-12-01T05:00:02Z");

        assertThat(TickWindow.firstFrom(boundary.plusNanos(500), TWO_SECONDS).start())
                .isEqualTo(boundary);
    }

    @Test
    void windows_before_the_epoch_round_down_too() {
        assertThat(TickWindow.containing(Instant.ofEpochMilli(-1), TWO_SECONDS).start())
                .isEqualTo(Instant.ofEpochMilli(-2000));
    }
}
