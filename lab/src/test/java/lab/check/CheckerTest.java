package lab.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import lab.store.CounterRow;
import org.junit.jupiter.api.Test;

class CheckerTest {
    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final Instant T0 = Instant.parse("2026-07-07T02:34:18Z");
    private final List<CounterRow> rows = new ArrayList<>();

    /** A run of {@code worker} for the tick {@code tick} seconds after T0, inside the job from ms a to ms b. */
    private void run(int tick, String worker, long startMs, long endMs) {
        Instant window = T0.plusSeconds(tick);
        rows.add(new CounterRow(
                rows.size() + 1,
                window.plusMillis(endMs),
                window,
                window.plusMillis(startMs),
                worker,
                100 + rows.size(),
                "naive"));
    }

    @Test
    void four_rows_in_every_window_are_four_duplicate_ticks_with_three_extra_rows_each() {
        for (int t = 0; t < 4; t++) {
            for (int w = 1; w <= 4; w++) {
                run(t, "w" + w, 1, 5); // together: every pair overlaps
            }
        }
        Figures f = Checker.figures(rows, T0, T0.plusSeconds(4), SECOND);

        assertThat(f.ticks()).isEqualTo(4);
        assertThat(f.rows()).isEqualTo(16);
        assertThat(f.duplicateTicks()).isEqualTo(4);
        assertThat(f.extraRows()).isEqualTo(12);
        assertThat(f.missedTicks()).isZero();
        assertThat(f.overlaps()).isEqualTo(4 * 6);
        assertThat(f.rowsPerTick()).containsExactly(4, 4, 4, 4);
    }

    @Test
    void job_runs_counts_the_runs_noted_in_the_complete_windows_only_whatever_rows_were_kept() {
        for (int t = 0; t < 3; t++) {
            run(t, "w1", 0, 200); // the one row the unique key kept
        }
        List<Instant> runTicks = new ArrayList<>();
        for (int t = -1; t < 4; t++) { // a run before the span and one in a window the span does not finish
            for (int w = 1; w <= 4; w++) {
                runTicks.add(T0.plusSeconds(t));
            }
        }
        List<Instant> refusedTicks = List.of(T0.minusSeconds(1), T0.plusSeconds(1), T0.plusSeconds(3));
        Figures f = Checker.figures(rows, runTicks, refusedTicks, T0, T0.plusSeconds(3), SECOND);

        assertThat(f.rows()).isEqualTo(3);
        assertThat(f.jobRuns()).hasValue(12);
        assertThat(f.refusedWrites())
                .as("only the refusal inside the span's windows")
                .hasValue(1);
        assertThat(Checker.figures(rows, T0, T0.plusSeconds(3), SECOND).jobRuns())
                .as("counted from the rows alone")
                .isEmpty();
    }

    @Test
    void a_window_without_a_row_is_a_missed_tick_and_a_single_row_is_no_duplicate() {
        run(0, "w1", 0, 200);
        run(2, "w2", 0, 200);
        run(2, "w3", 300, 500); // after w2 wrote: a duplicate, but not an overlap
        Figures f = Checker.figures(rows, T0, T0.plusSeconds(3), SECOND);

        assertThat(f.ticks()).isEqualTo(3);
        assertThat(f.missedTicks()).isEqualTo(1);
        assertThat(f.duplicateTicks()).isEqualTo(1);
        assertThat(f.extraRows()).isEqualTo(1);
        assertThat(f.overlaps()).isZero();
        assertThat(f.rowsPerTick()).containsExactly(1, 0, 2);
        assertThat(f.minRowsPerTick()).isZero();
        assertThat(f.medianRowsPerTick()).isEqualTo(1);
        assertThat(f.maxRowsPerTick()).isEqualTo(2);
    }

    @Test
    void runs_that_overlap_across_windows_are_counted_even_without_a_duplicate() {
        // A TTL shorter than the job: w2 enters the next window while w1 is still inside the job.
        run(0, "w1", 0, 1500);
        run(1, "w2", 0, 200);
        Figures f = Checker.figures(rows, T0, T0.plusSeconds(2), SECOND);

        assertThat(f.duplicateTicks()).isZero();
        assertThat(f.overlaps()).isEqualTo(1);
    }

    @Test
    void runs_that_only_touch_are_serialised_not_overlapping() {
        run(0, "w1", 0, 200);
        run(0, "w2", 200, 400);
        run(0, "w3", 400, 600);
        Figures f = Checker.figures(rows, T0, T0.plusSeconds(1), SECOND);

        assertThat(f.overlaps()).isZero();
        assertThat(f.duplicateTicks()).isEqualTo(1);
        assertThat(f.extraRows()).isEqualTo(2);
    }

    @Test
    void only_windows_that_begin_after_ready_and_end_before_the_stop_are_counted() {
        run(0, "w1", 0, 10);
        run(1, "w1", 0, 10);
        run(1, "w2", 0, 10);
        run(2, "w1", 0, 10);
        run(3, "w1", 0, 10);
        run(3, "w2", 0, 10);
        // ready in the middle of window 0, stop in the middle of window 3: windows 1 and 2 are complete
        Figures f = Checker.figures(rows, T0.plusMillis(400), T0.plusMillis(3_600), SECOND);

        assertThat(f.ticks()).isEqualTo(2);
        assertThat(f.rows()).isEqualTo(3);
        assertThat(f.rowsPerTick()).containsExactly(2, 1);
    }

    @Test
    void a_span_shorter_than_a_window_has_no_tick_to_judge() {
        run(0, "w1", 0, 10);
        Figures f = Checker.figures(rows, T0.plusMillis(1), T0.plusMillis(999), SECOND);

        assertThat(f.ticks()).isZero();
        assertThat(f.rows()).isZero();
    }

    @Test
    void sub_second_windows_are_whole_multiples_of_the_period_since_the_epoch() {
        Duration period = Duration.ofMillis(250);
        assertThat(Checker.floor(Instant.parse("2026-07-07T02:34:18.740Z"), period))
                .isEqualTo(Instant.parse("2026-07-07T02:34:18.500Z"));
        assertThat(Checker.completeWindows(T0.plusMillis(10), T0.plusMillis(1_000), period))
                .containsExactly(T0.plusMillis(250), T0.plusMillis(500), T0.plusMillis(750));
    }
}
