package lab.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import lab.check.Cause;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.summary.SummaryFigures;
import lab.protocol.summary.SummaryFile;
import org.junit.jupiter.api.Test;

class RunSummaryTest {
    private static final Instant TICK = Instant.parse("2026-07-07T02:34:18Z");
    private static final Figures ONE_PER_TICK = new Figures(3, 3, 0, 0, 0, 0, List.of(1, 1, 1));

    private static RunSummary summary(List<Finding> findings, List<Long> switches) {
        return new RunSummary(
                4,
                "redis",
                Duration.ofSeconds(2),
                Duration.ofMillis(300),
                700,
                ONE_PER_TICK,
                findings,
                List.of(new ModeTotal("redis", ONE_PER_TICK)),
                List.of(),
                switches,
                List.of());
    }

    private static Finding finding(Finding.Kind kind, Cause cause) {
        return new Finding(kind, TICK, cause, "why");
    }

    @Test
    void the_median_is_the_lower_middle_value_that_was_measured_and_minus_one_of_nothing() {
        assertThat(RunSummary.median(List.of(90L, 25L, 40L, 60L))).isEqualTo(40);
        assertThat(RunSummary.median(List.of(90L, 25L, 40L))).isEqualTo(40);
        assertThat(RunSummary.median(List.of())).isEqualTo(-1);
    }

    @Test
    void switch_latencies_give_p50_max_and_count_and_no_entry_without_a_switch() {
        RunSummary s = summary(List.of(), List.of(40L, 25L, 90L));

        assertThat(s.switchP50()).isEqualTo(40);
        assertThat(s.switchMax()).isEqualTo(90);
        assertThat(s.toFile().switches()).contains(new SummaryFile.SwitchTimes(40, 90, 3));
        assertThat(summary(List.of(), List.of()).toFile().switches()).isEmpty();
        assertThat(summary(List.of(), List.of()).switchMax()).isEqualTo(-1);
    }

    @Test
    void causes_are_counted_per_figure_in_order_of_precedence_and_absent_ones_are_left_out() {
        List<Finding> findings = List.of(
                finding(Finding.Kind.DUPLICATE, Cause.NO_LOCK),
                finding(Finding.Kind.OVERLAP, Cause.NO_LOCK),
                finding(Finding.Kind.DUPLICATE, Cause.NO_LOCK),
                finding(Finding.Kind.DUPLICATE, Cause.LEASE_EXPIRED),
                finding(Finding.Kind.MISSED, Cause.DEAD_HOLDER));

        assertThat(RunSummary.causes(findings))
                .containsExactly(
                        new SummaryFile.CauseTally(Cause.LEASE_EXPIRED.wireName(), 1, 0, 0),
                        new SummaryFile.CauseTally(Cause.NO_LOCK.wireName(), 2, 1, 0),
                        new SummaryFile.CauseTally(Cause.DEAD_HOLDER.wireName(), 0, 0, 1));
    }

    @Test
    void the_summary_file_carries_the_run_its_figures_and_each_mode() {
        SummaryFile f = summary(List.of(), List.of()).toFile();

        assertThat(List.of(f.workers(), f.mode(), f.every(), f.taskTime(), f.readyMillis()))
                .containsExactly(4, "redis", Duration.ofSeconds(2), Duration.ofMillis(300), 700L);
        assertThat(f.total())
                .isEqualTo(new SummaryFigures(
                        3,
                        3,
                        0,
                        0,
                        0,
                        0,
                        new SummaryFigures.RowsPerTick(1, 1, 1),
                        OptionalInt.empty(),
                        OptionalInt.empty()));
        assertThat(f.causes()).isEmpty();
        assertThat(f.byMode()).containsExactly(new SummaryFile.ModeFigures("redis", f.total()));
        assertThat(f.soak()).isEmpty();
    }
}
