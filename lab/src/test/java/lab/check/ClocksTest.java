package lab.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.protocol.ClockOffset;
import lab.store.CounterRow;
import org.junit.jupiter.api.Test;

/**
 * Runs on two machines are stamped by two clocks: their overlaps are judged only where the clocks are known to agree
 * within the bound, and the checker says which it did not judge.
 */
class ClocksTest {
    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final Instant T0 = Instant.parse("2026-07-07T02:34:18Z");
    private final List<CounterRow> rows = new ArrayList<>();

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
    void an_overlap_with_an_attached_worker_whose_clock_agrees_within_the_bound_is_counted() {
        run(0, "w1", 10, 310);
        run(0, "w9", 20, 320);
        Clocks clocks = new Clocks(Map.of("w9", new ClockOffset(3, 1)), Set.of());

        Figures f = Checker.figures(rows, T0, T0.plusSeconds(1), SECOND, clocks);

        assertThat(f.overlaps()).isEqualTo(1);
        assertThat(Checker.notJudged(rows, T0, T0.plusSeconds(1), SECOND, clocks))
                .isEmpty();
    }

    @Test
    void an_overlap_across_clocks_further_apart_than_the_bound_is_not_judged_and_said_in_one_line() {
        run(0, "w1", 10, 310);
        run(0, "w9", 20, 320);
        run(0, "w2", 30, 330);
        Clocks clocks = new Clocks(Map.of("w9", new ClockOffset(80, 2)), Set.of());

        Figures f = Checker.figures(rows, T0, T0.plusSeconds(1), SECOND, clocks);
        List<String> said = Checker.notJudged(rows, T0, T0.plusSeconds(1), SECOND, clocks);

        assertThat(f.overlaps()).as("w1 and w2 share the launcher's clock").isEqualTo(1);
        assertThat(f.duplicateTicks())
                .as("duplicates need no clock: they are counted by tick")
                .isEqualTo(1);
        assertThat(said)
                .containsExactly(
                        "1 pair of runs of w1 and w9 not judged for overlap: their clocks may differ by 82 ms (w1 on"
                                + " the launcher's clock, w9 +80 ms (±2 ms)), more than the 50 ms bound",
                        "1 pair of runs of w2 and w9 not judged for overlap: their clocks may differ by 82 ms (w2 on"
                                + " the launcher's clock, w9 +80 ms (±2 ms)), more than the 50 ms bound");
        assertThat(Explainer.explain(rows, List.of(), T0, T0.plusSeconds(1), SECOND, clocks)
                        .findings())
                .filteredOn(x -> x.kind() == Finding.Kind.OVERLAP)
                .hasSize(1);
    }

    @Test
    void a_worker_that_has_reported_no_offset_yet_is_compared_with_no_one() {
        Clocks clocks = new Clocks(Map.of(), Set.of("w9"));

        assertThat(clocks.comparable("w1", "w9")).isFalse();
        assertThat(clocks.comparable("w1", "w2")).isTrue();
        assertThat(clocks.notJudged("w1", "w9", 2))
                .isEqualTo("2 pairs of runs of w1 and w9 not judged for overlap: their clocks are not compared yet (no"
                        + " offset reported)");
    }

    @Test
    void an_offset_is_estimated_from_one_exchange_with_half_the_round_trip_as_its_error() {
        Instant sent = Instant.parse("2026-07-07T02:34:18.000Z");
        ClockOffset o = ClockOffset.of(sent, sent.plusMillis(105), sent.plusMillis(10));

        assertThat(o.millis()).isEqualTo(100);
        assertThat(o.errorMillis()).isEqualTo(5);
        assertThat(o).hasToString("+100 ms (±5 ms)");
    }
}
