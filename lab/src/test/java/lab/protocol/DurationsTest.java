package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void durations_are_read_as_a_trainer_types_them() {
        assertThat(Durations.parse("200ms")).isEqualTo(Duration.ofMillis(200));
        assertThat(Durations.parse("2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1_500));
        assertThat(Durations.parse("1m")).isEqualTo(Duration.ofMinutes(1));
        assertThat(Durations.parse("0")).isEqualTo(Duration.ZERO);
    }

    @Test
    void a_word_is_not_a_duration_and_the_message_says_what_is_expected() {
        assertThatThrownBy(() -> Durations.parse("banana"))
                .hasMessage("'banana' is not a duration (expected a number and a unit: 500ms, 2s, 1.5s, 1m)");
        assertThatThrownBy(() -> Durations.parse("5")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void formatting_gives_back_what_parsing_reads() {
        for (String s : new String[] {"200ms", "2s", "1.5s", "1m", "0"}) {
            assertThat(Durations.format(Durations.parse(s))).isEqualTo(s);
        }
    }
}
