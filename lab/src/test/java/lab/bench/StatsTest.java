package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class StatsTest {
    private static final List<Long> FIVE = List.of(40L, 15L, 50L, 20L, 35L);

    @Test
    void a_percentile_is_the_value_at_the_nearest_rank_of_the_sorted_values() {
        // Sorted: 15 20 35 40 50. Rank = ceil(p / 100 × 5).
        assertThat(Stats.percentile(FIVE, 30)).isEqualTo(20.0); // ceil(1.5) = 2
        assertThat(Stats.percentile(FIVE, 40)).isEqualTo(20.0); // ceil(2.0) = 2
        assertThat(Stats.percentile(FIVE, 50)).isEqualTo(35.0); // ceil(2.5) = 3
        assertThat(Stats.percentile(FIVE, 99)).isEqualTo(50.0); // ceil(4.95) = 5
        assertThat(Stats.percentile(FIVE, 100)).isEqualTo(50.0);
        assertThat(Stats.percentile(FIVE, 0)).isEqualTo(15.0); // rank 0 is taken as the first
    }

    @Test
    void the_median_of_an_even_count_is_the_lower_middle_value_never_an_average() {
        assertThat(Stats.median(List.of(4, 1, 3, 2))).isEqualTo(2.0);
        assertThat(Stats.median(List.of(7.5))).isEqualTo(7.5);
    }

    @Test
    void p99_of_a_hundred_values_is_the_ninety_ninth_and_of_a_hundred_and_one_the_hundredth() {
        List<Long> hundred = LongStream.rangeClosed(1, 100).boxed().toList();
        List<Long> hundredAndOne = LongStream.rangeClosed(1, 101).boxed().toList();

        assertThat(Stats.percentile(hundred, 99)).isEqualTo(99.0);
        assertThat(Stats.percentile(hundredAndOne, 99)).isEqualTo(100.0); // ceil(99.99) = 100
    }

    @Test
    void min_and_max_read_any_kind_of_number() {
        List<Number> mixed = List.of(3L, 2.5, 7);

        assertThat(Stats.min(mixed)).isEqualTo(2.5);
        assertThat(Stats.max(mixed)).isEqualTo(7.0);
    }

    @Test
    void nothing_measured_gives_no_number_rather_than_zero() {
        assertThat(Stats.percentile(List.<Long>of(), 50)).isNaN();
        assertThat(Stats.median(List.<Long>of())).isNaN();
        assertThat(Stats.min(List.<Long>of())).isNaN();
        assertThat(Stats.max(List.<Long>of())).isNaN();
    }
}
