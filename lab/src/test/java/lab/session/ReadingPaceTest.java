package lab.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReadingPaceTest {

    @Test
    void an_english_caption_takes_a_second_to_find_and_a_third_of_a_second_a_word() {
        // 18 words at 180 a minute: six seconds, and one to find the line.
        String caption =
                "Four workers, four schedulers: every tick runs four times, once per worker, and the table shows"
                        + " them all.";

        assertThat(ReadingPace.DEFAULT.of(caption)).isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void a_chinese_caption_counts_its_characters_and_the_english_words_it_carries() {
        // 用, 拿, 锁: three characters at 300 a minute (600 ms); SET and NX: two words at 180 a minute (667 ms).
        assertThat(ReadingPace.DEFAULT.of("用 SET NX 拿锁。")).isEqualTo(Duration.ofMillis(1000 + 600 + 667));
    }

    @Test
    void the_trainers_pace_divides_the_whole_reading_time() {
        String caption = "Now every worker asks Redis for the lock first.";

        assertThat(new ReadingPace(0.5).of(caption))
                .isEqualTo(ReadingPace.DEFAULT.of(caption).multipliedBy(2));
        assertThat(new ReadingPace(2).of(caption))
                .isEqualTo(ReadingPace.DEFAULT.of(caption).dividedBy(2));
    }

    @Test
    void a_pace_of_zero_is_refused_saying_what_is_expected() {
        assertThatThrownBy(() -> new ReadingPace(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reading pace: expected a number above 0, such as 0.5, not 0.0");
    }
}
