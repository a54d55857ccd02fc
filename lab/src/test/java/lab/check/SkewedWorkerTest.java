package lab.check;

import static lab.check.Story.SECOND;
import static lab.check.Story.t;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import lab.protocol.EventType;
import org.junit.jupiter.api.Test;

/**
 * A worker the lab skewed writes {@code started_at} and {@code created_at} on its own clock: the checker puts them back
 * on the machine's by the offset the recording's {@code skew} fault gives, and leaves {@code tick_at} as written.
 */
class SkewedWorkerTest {
    private static Clocks clocks(Story s) {
        return Clocks.ONE.withSkews(LabSkews.of(s.events));
    }

    @Test
    void a_run_of_a_worker_three_seconds_ahead_is_no_overlap_with_a_run_that_shares_its_numbers_but_not_its_moment() {
        Story s = new Story()
                .in("idempotent")
                .skew("10:00:00.500", "w2", 202, 3_000)
                // w2 fired tick :05 at its own 10:00:05, the machine's 10:00:02: early, but in its tick.
                .row("w2", 203, "10:00:05", "10:00:05.010", "10:00:05.310")
                .row("w1", 101, "10:00:05", "10:00:05.010", "10:00:05.310");

        Figures f = Checker.figures(s.rows, t("10:00:05"), t("10:00:06"), SECOND, clocks(s));
        List<Finding> found = s.explain("10:00:05", "10:00:06").findings();

        assertThat(f.overlaps())
                .as("by their own clocks they overlap; by the machine's, 3 s apart")
                .isZero();
        assertThat(f.duplicateTicks())
                .as("tick_at stays: the early fire's row is in its tick")
                .isEqualTo(1);
        assertThat(found).singleElement().satisfies(x -> assertThat(x.kind()).isEqualTo(Finding.Kind.DUPLICATE));
        assertThat(Checker.notJudged(s.rows, t("10:00:05"), t("10:00:06"), SECOND, clocks(s)))
                .isEmpty();
    }

    @Test
    void an_overlap_of_a_skewed_worker_on_the_machines_clock_is_counted_and_explained_with_the_corrected_times() {
        Story s = new Story()
                .in("naive")
                .skew("10:00:00.500", "w2", 202, 3_000)
                .row("w2", 203, "10:00:05", "10:00:08.000", "10:00:08.400")
                .row("w1", 101, "10:00:05", "10:00:05.100", "10:00:05.400")
                .said("10:00:08.000", "w2", 203, EventType.FIRED, "10:00:05", "");

        Figures f = Checker.figures(s.rows, t("10:00:05"), t("10:00:06"), SECOND, clocks(s));
        Explanations x = s.explain("10:00:05", "10:00:06");

        assertThat(f.overlaps()).isEqualTo(1);
        assertThat(Checker.notJudged(s.rows, t("10:00:05"), t("10:00:06"), SECOND, clocks(s)))
                .as("an offset the lab set is exact: nothing left unjudged")
                .isEmpty();
        assertThat(x.findings())
                .filteredOn(fi -> fi.kind() == Finding.Kind.OVERLAP)
                .singleElement()
                .satisfies(fi -> assertThat(fi.sentence())
                        .as("w2's run on the machine's clock: in tick :05, not :08")
                        .startsWith("overlap: w2 (.000–.400) and w1 (.100–.400)"));
    }

    @Test
    void the_replaced_process_keeps_its_clock_and_a_skew_back_to_zero_ends_the_correction() {
        Story s = new Story()
                .in("naive")
                .row("w2", 202, "10:00:01", "10:00:01.000", "10:00:01.300")
                .skew("10:00:01.500", "w2", 202, 3_000)
                .row("w2", 203, "10:00:05", "10:00:05.000", "10:00:05.300")
                .skew("10:00:06.500", "w2", 203, 0)
                .row("w2", 204, "10:00:09", "10:00:09.000", "10:00:09.300");
        LabSkews skews = LabSkews.of(s.events);

        assertThat(s.rows.stream().map(skews::offsetMillis).toList()).containsExactly(0L, 3_000L, 0L);
        assertThat(skews.setAt("w2", t("10:00:03"))).isEqualTo(3_000);
        assertThat(skews.setAt("w2", t("10:00:07"))).isZero();
        assertThat(skews.setAt("w1", t("10:00:03"))).isZero();
    }

    @Test
    void a_skew_asked_at_start_holds_for_every_process_of_its_worker() {
        Story s = new Story()
                .in("naive")
                .skew("10:00:00.000", "w3", 0, -2_000)
                .row("w3", 301, "10:00:02", "10:00:02.000", "10:00:02.300")
                .row("w3", 302, "10:00:05", "10:00:05.000", "10:00:05.300");

        assertThat(LabSkews.of(s.events).corrected(s.rows))
                .extracting(r -> r.startedAt())
                .containsExactly(t("10:00:04.000"), t("10:00:07.000"));
    }
}
