package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each operator at its bound and on both sides of it: a comparison that always passed would pass the lesson too. */
class ComparisonBoundsTest {
    private static Comparison parsed(String text) {
        return Comparison.parse(text).orElseThrow();
    }

    @Test
    void at_least_fails_below_its_count_and_passes_at_it_and_above() {
        assertThat(parsed(">= 4").test(3)).isFalse();
        assertThat(parsed(">= 4").test(4)).isTrue();
        assertThat(parsed(">= 4").test(5)).isTrue();
    }

    @Test
    void at_most_fails_above_its_count_and_passes_at_it_and_below() {
        assertThat(parsed("<= 1").test(2)).isFalse();
        assertThat(parsed("<= 1").test(1)).isTrue();
        assertThat(parsed("<= 1").test(0)).isTrue();
    }

    @Test
    void less_than_and_greater_than_exclude_their_count() {
        assertThat(parsed("< 2").test(2)).isFalse();
        assertThat(parsed("< 2").test(1)).isTrue();
        assertThat(parsed("> 2").test(2)).isFalse();
        assertThat(parsed("> 2").test(3)).isTrue();
    }

    @Test
    void an_operator_keeps_its_symbol_when_written_back() {
        assertThat(parsed(">=3").op().symbol()).isEqualTo(">=");
        assertThat(parsed(">=3")).hasToString(">= 3");
        assertThat(parsed(" 3 ")).hasToString("3");
    }
}
