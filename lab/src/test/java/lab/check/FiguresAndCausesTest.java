package lab.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The figures a summary and a scenario read, and the causes' groups: two spans of a mode add up figure by figure, a
 * count of runs survives the sum only where both spans counted it, the per-tick figures are counts some window had,
 * and a cause explains only the findings of its group.
 */
class FiguresAndCausesTest {
    private static final Figures FIRST = new Figures(3, 5, 1, 2, 1, 4, List.of(3, 0, 2));
    private static final Figures SECOND = new Figures(2, 7, 2, 5, 0, 9, List.of(4, 3));

    @Test
    void two_spans_taken_together_add_every_figure_and_keep_every_window_in_order() {
        Figures both = FIRST.plus(SECOND);

        assertThat(both.ticks()).isEqualTo(FIRST.ticks() + SECOND.ticks());
        assertThat(both.rows()).isEqualTo(FIRST.rows() + SECOND.rows());
        assertThat(both.duplicateTicks()).isEqualTo(FIRST.duplicateTicks() + SECOND.duplicateTicks());
        assertThat(both.extraRows()).isEqualTo(FIRST.extraRows() + SECOND.extraRows());
        assertThat(both.missedTicks()).isEqualTo(FIRST.missedTicks() + SECOND.missedTicks());
        assertThat(both.overlaps()).isEqualTo(FIRST.overlaps() + SECOND.overlaps());
        assertThat(both.rowsPerTick()).containsExactly(3, 0, 2, 4, 3);
    }

    @Test
    void runs_and_refused_writes_are_summed_only_where_both_spans_counted_them() {
        Figures counted = FIRST.withJobRuns(6)
                .withRefusedWrites(1)
                .plus(SECOND.withJobRuns(4).withRefusedWrites(2));
        Figures half = FIRST.withJobRuns(6).withRefusedWrites(1).plus(SECOND);
        Figures other = FIRST.plus(SECOND.withJobRuns(4).withRefusedWrites(2));

        assertThat(counted.jobRuns()).isEqualTo(OptionalInt.of(10));
        assertThat(counted.refusedWrites()).isEqualTo(OptionalInt.of(3));
        assertThat(half.jobRuns()).isEmpty();
        assertThat(half.refusedWrites()).isEmpty();
        assertThat(other.jobRuns()).isEmpty();
        assertThat(other.refusedWrites()).isEmpty();
    }

    @Test
    void the_per_tick_figures_are_the_least_the_lower_median_and_the_most_a_window_had() {
        Figures f = new Figures(4, 11, 3, 7, 0, 0, List.of(3, 1, 2, 5));

        assertThat(f.minRowsPerTick()).isEqualTo(1);
        assertThat(f.medianRowsPerTick()).isEqualTo(2);
        assertThat(f.maxRowsPerTick()).isEqualTo(5);
        Figures none = new Figures(0, 0, 0, 0, 0, 0, List.of());
        assertThat(none.minRowsPerTick()).isZero();
        assertThat(none.medianRowsPerTick()).isZero();
        assertThat(none.maxRowsPerTick()).isZero();
    }

    @Test
    void the_figures_carry_their_names_with_the_runs_only_where_counted() {
        Figures f = new Figures(4, 11, 3, 7, 1, 2, List.of(3, 1, 2, 5));

        Map<String, Object> m = f.toMap();
        assertThat(m)
                .containsEntry("ticks", 4)
                .containsEntry("rows", 11)
                .containsEntry("duplicate_ticks", 3)
                .containsEntry("extra_rows", 7)
                .containsEntry("missed_ticks", 1)
                .containsEntry("overlaps", 2)
                .containsEntry("rows_per_tick", Map.of("min", 1, "median", 2, "max", 5))
                .doesNotContainKeys("job_runs", "refused_writes");
        assertThat(f.withJobRuns(9).withRefusedWrites(2).toMap())
                .containsEntry("job_runs", 9)
                .containsEntry("refused_writes", 2);
    }

    @Test
    void a_cause_explains_only_the_findings_of_its_group_and_unexplained_stands_for_any() {
        for (Cause c : Cause.values()) {
            if (c == Cause.UNEXPLAINED) {
                continue;
            }
            boolean missed = c.explains(Finding.Kind.MISSED);
            assertThat(c.explains(Finding.Kind.DUPLICATE)).as(c.wireName()).isNotEqualTo(missed);
            assertThat(c.explains(Finding.Kind.OVERLAP)).as(c.wireName()).isNotEqualTo(missed);
        }
        assertThat(Cause.NO_WORKER.explains(Finding.Kind.MISSED)).isTrue();
        assertThat(Cause.LEASE_EXPIRED.explains(Finding.Kind.MISSED)).isFalse();
        assertThat(Cause.UNEXPLAINED.explains(Finding.Kind.MISSED)).isTrue();
        assertThat(Cause.UNEXPLAINED.explains(Finding.Kind.DUPLICATE)).isTrue();
    }

    @Test
    void only_a_missed_window_is_in_the_missed_group() {
        assertThat(Finding.Kind.MISSED.missed()).isTrue();
        assertThat(Finding.Kind.DUPLICATE.missed()).isFalse();
        assertThat(Finding.Kind.OVERLAP.missed()).isFalse();
    }

    @Test
    void the_list_of_causes_names_each_as_the_files_write_it_and_each_name_reads_back() {
        List<String> names = Arrays.asList(Cause.names().split(", "));

        assertThat(names).hasSize(Cause.values().length);
        for (Cause c : Cause.values()) {
            assertThat(names).contains(c.wireName());
            assertThat(Cause.byName(c.wireName())).hasValue(c);
        }
    }
}
