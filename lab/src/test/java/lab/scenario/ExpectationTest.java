package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import lab.check.Figures;
import org.junit.jupiter.api.Test;

class ExpectationTest {
    /** Five windows: 4, 4, 3, 4, 4 rows; 3 missed none, duplicates in all five. */
    static final Figures NAIVE = new Figures(5, 19, 5, 14, 0, 28, List.of(4, 4, 3, 4, 4));

    static final Figures LOCKED = new Figures(5, 5, 0, 0, 0, 0, List.of(1, 1, 1, 1, 1));
    static final Figures NOTHING = new Figures(0, 0, 0, 0, 0, 0, List.of());

    private static Expectation expect(Figure f, String comparison) {
        return new Expectation(f, Comparison.parse(comparison).orElseThrow(), 1, 1);
    }

    @Test
    void a_figure_that_matches_passes_with_its_value_in_the_message() {
        assertThat(expect(Figure.DUPLICATE_TICKS, "0").judge(LOCKED))
                .hasToString("PASS " + "duplicate_ticks: expected 0, got 0 (over 5 ticks)");
    }

    @Test
    void a_figure_that_does_not_match_fails_with_what_it_got() {
        assertThat(expect(Figure.DUPLICATE_TICKS, "0").judge(NAIVE))
                .hasToString("FAIL " + "duplicate_ticks: expected 0, got 5 (over 5 ticks)");
    }

    @Test
    void every_comparison_operator_decides_as_written() {
        assertThat(expect(Figure.EXTRA_ROWS, "> 13").judge(NAIVE).passed()).isTrue();
        assertThat(expect(Figure.EXTRA_ROWS, "> 14").judge(NAIVE).passed()).isFalse();
        assertThat(expect(Figure.EXTRA_ROWS, ">= 14").judge(NAIVE).passed()).isTrue();
        assertThat(expect(Figure.EXTRA_ROWS, "< 14").judge(NAIVE).passed()).isFalse();
        assertThat(expect(Figure.EXTRA_ROWS, "<= 14").judge(NAIVE).passed()).isTrue();
        assertThat(expect(Figure.EXTRA_ROWS, "== 14").judge(NAIVE).passed()).isTrue();
        assertThat(expect(Figure.EXTRA_ROWS, "!= 14").judge(NAIVE).passed()).isFalse();
        assertThat(expect(Figure.EXTRA_ROWS, "14").judge(NAIVE).passed()).isTrue();
    }

    @Test
    void each_figure_reads_its_own_count() {
        Figures f = new Figures(7, 6, 5, 4, 3, 2, List.of(1, 1, 1, 1, 1, 1, 1));
        assertThat(expect(Figure.TICKS, "7").judge(f).passed()).isTrue();
        assertThat(expect(Figure.ROWS, "6").judge(f).passed()).isTrue();
        assertThat(expect(Figure.DUPLICATE_TICKS, "5").judge(f).passed()).isTrue();
        assertThat(expect(Figure.EXTRA_ROWS, "4").judge(f).passed()).isTrue();
        assertThat(expect(Figure.MISSED_TICKS, "3").judge(f).passed()).isTrue();
        assertThat(expect(Figure.OVERLAPS, "2").judge(f).passed()).isTrue();
    }

    @Test
    void job_runs_is_judged_on_the_runs_the_store_noted_and_fails_where_they_were_not_counted() {
        Figures kept = new Figures(5, 5, 0, 0, 0, 0, List.of(1, 1, 1, 1, 1));

        assertThat(expect(Figure.JOB_RUNS, ">= 8").judge(kept.withJobRuns(20)).passed())
                .isTrue();
        assertThat(expect(Figure.JOB_RUNS, ">= 8").judge(kept.withJobRuns(5)).message())
                .isEqualTo("job_runs: expected >= 8, got 5 (over 5 ticks)");
        assertThat(expect(Figure.JOB_RUNS, "0").judge(kept).passed()).isFalse();
    }

    @Test
    void rows_per_tick_must_hold_in_every_window_not_on_average() {
        assertThat(expect(Figure.ROWS_PER_TICK, "4").judge(NAIVE))
                .hasToString(
                        "FAIL " + "rows_per_tick: expected 4 in every tick, got [4 4 3 4 4] (over 5 ticks, 1 off)");
        assertThat(expect(Figure.ROWS_PER_TICK, ">= 3").judge(NAIVE))
                .hasToString("PASS " + "rows_per_tick: expected >= 3 in every tick, got [4 4 3 4 4] (over 5 ticks)");
        assertThat(expect(Figure.ROWS_PER_TICK, "1").judge(LOCKED).passed()).isTrue();
    }

    @Test
    void a_long_run_of_windows_is_cut_short_in_the_message() {
        Figures f = new Figures(20, 20, 0, 0, 0, 0, Collections.nCopies(20, 1));
        assertThat(expect(Figure.ROWS_PER_TICK, "1").judge(f).message())
                .isEqualTo("rows_per_tick: expected 1 in every tick, got [1 1 1 1 1 1 1 1 1 1 1 1 ... +8 more]"
                        + " (over 20 ticks)");
    }

    @Test
    void a_span_without_a_complete_tick_fails_with_nothing_to_judge() {
        for (Figure figure : Figure.values()) {
            Verdict v = expect(figure, ">= 0").judge(NOTHING);
            assertThat(v.passed()).as("%s over an empty span", figure).isFalse();
            assertThat(v.message())
                    .isEqualTo(figure.key() + ": expected >= 0" + (figure.perTick() ? " in every tick" : "")
                            + ", nothing to judge (no complete tick in the span)");
        }
    }

    @Test
    void one_tick_is_counted_in_the_singular() {
        Figures one = new Figures(1, 1, 0, 0, 0, 0, List.of(1));
        assertThat(expect(Figure.ROWS, "1").judge(one).message()).isEqualTo("rows: expected 1, got 1 (over 1 tick)");
    }

    @Test
    void an_expect_step_gives_one_verdict_per_expectation_in_order() {
        Step.Expect step = new Step.Expect(
                9, Since.MODE, List.of(expect(Figure.ROWS_PER_TICK, "1"), expect(Figure.OVERLAPS, "0")));
        assertThat(step.judge(NAIVE)).extracting(Verdict::passed).containsExactly(false, false);
        assertThat(step.judge(LOCKED)).extracting(Verdict::passed).containsExactly(true, true);
    }

    @Test
    void comparisons_are_read_as_a_learner_writes_them() {
        assertThat(Comparison.parse("0")).contains(new Comparison(Comparison.Op.EQ, 0));
        assertThat(Comparison.parse(" >=2 ")).contains(new Comparison(Comparison.Op.GE, 2));
        assertThat(Comparison.parse("!= 0")).contains(new Comparison(Comparison.Op.NE, 0));
        assertThat(Comparison.parse("=> 1")).isEmpty();
        assertThat(Comparison.parse("-1")).isEmpty();
        assertThat(Comparison.parse("> 1.5")).isEmpty();
        assertThat(Comparison.parse("9999999999")).isEmpty();
        assertThat(new Comparison(Comparison.Op.LE, 1)).hasToString("<= 1");
        assertThat(new Comparison(Comparison.Op.EQ, 4)).hasToString("4");
    }
}
