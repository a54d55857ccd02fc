package lab.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.check.Cause;
import lab.check.Figures;
import lab.check.Finding;
import lab.nemesis.FaultResult;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.TestEvents;
import lab.session.RunSummary;
import org.junit.jupiter.api.Test;

/**
 * The soak's verdict on made-up runs: 200 ms ticks, a 2 s lease, and one kill at 10 s whose worker is back at 10.5 s.
 * Its reach is 9.8 s to 12.2 s (FaultReachTest) and it may cost 12 ticks.
 */
class SoakVerdictTest {
    private static final Duration PERIOD = Duration.ofMillis(200);
    private static final Duration TTL = Duration.ofSeconds(2);
    private static final Instant T0 = Instant.parse("2026-07-07T02:34:00Z");
    private static final InjectedFault KILL = new InjectedFault(
            new PlannedFault(1, Duration.ofSeconds(10), SoakFault.KILL, 2),
            T0.plusSeconds(10),
            T0.plusMillis(10_500),
            List.of(new FaultResult.Done("killed w2 (pid 12)"), new FaultResult.Done("w2 restarted (pid 15)")));

    private static Finding missed(long atMs, Cause cause) {
        return new Finding(Finding.Kind.MISSED, T0.plusMillis(atMs), cause, "tick +" + atMs + " ms has no row");
    }

    /** {@code count} misses, one per tick from {@code fromMs}. */
    private static List<Finding> missedRun(long fromMs, int count, Cause cause) {
        List<Finding> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(missed(fromMs + i * PERIOD.toMillis(), cause));
        }
        return out;
    }

    private static SoakVerdict judge(
            int ticks, int duplicates, List<Finding> misses, List<InjectedFault> faults, List<String> leftovers) {
        Figures figures = new Figures(
                ticks, ticks - misses.size() + duplicates, duplicates, duplicates, misses.size(), 0, List.of());
        RunSummary summary = new RunSummary(
                4,
                "fenced",
                PERIOD,
                Duration.ofMillis(50),
                900,
                figures,
                misses,
                List.of(),
                List.of(),
                List.of(),
                List.of());
        return SoakVerdict.judge(summary, List.of(), List.of(), faults, PERIOD, TTL, leftovers);
    }

    @Test
    void a_kill_that_costs_its_12_ticks_within_its_reach_holds() {
        SoakVerdict v = judge(300, 0, missedRun(10_000, 12, Cause.DEAD_HOLDER), List.of(KILL), List.of());

        assertThat(v.failures()).isEmpty();
        assertThat(v.faults().get(0).missed()).hasSize(12);
        assertThat(v.faults().get(0).boundTicks()).isEqualTo(12);
        assertThat(v.line()).endsWith("12 missed ticks, all within a fault's reach");
        assertThat(v.toSummary(7, Duration.ofMinutes(1), TTL, List.of()).held()).isTrue();
    }

    @Test
    void a_kill_that_costs_13_ticks_fails_naming_the_fault_and_its_bound() {
        SoakVerdict v = judge(300, 0, missedRun(9_800, 13, Cause.DEAD_HOLDER), List.of(KILL), List.of());

        assertThat(v.failures())
                .containsExactly("missed_ticks: fault #1 at 10.000s: kill w2 cost 13 ticks (expected at most 12)");
        assertThat(v.toSummary(7, Duration.ofMinutes(1), TTL, List.of()).held()).isFalse();
    }

    @Test
    void a_miss_one_tick_past_the_faults_reach_is_a_defect_of_the_lab() {
        SoakVerdict v = judge(300, 0, List.of(missed(12_400, Cause.DEAD_HOLDER)), List.of(KILL), List.of());

        assertThat(v.unattributed()).hasSize(1);
        assertThat(v.failures())
                .containsExactly(
                        "missed_ticks: a miss within no fault's reach: tick +12400 ms has no row (dead-holder)");
    }

    @Test
    void a_miss_the_recording_cannot_explain_is_never_put_down_to_the_fault_around_it() {
        SoakVerdict v = judge(300, 0, List.of(missed(10_200, Cause.UNEXPLAINED)), List.of(KILL), List.of());

        assertThat(v.faults().get(0).missed()).isEmpty();
        assertThat(v.unattributed()).extracting(Finding::cause).containsExactly(Cause.UNEXPLAINED);
        assertThat(v.held()).isFalse();
    }

    @Test
    void runs_that_outlast_their_window_may_cost_2_percent_of_300_ticks_which_is_6_and_no_more() {
        SoakVerdict six = judge(300, 0, missedRun(20_000, 6, Cause.HELD_PAST_WINDOW), List.of(), List.of());
        SoakVerdict seven = judge(300, 0, missedRun(20_000, 7, Cause.HELD_PAST_WINDOW), List.of(), List.of());

        assertThat(six.slowBound()).isEqualTo(6);
        assertThat(six.failures()).isEmpty();
        assertThat(six.line()).contains("6 outside every fault because a run outlasted its window");
        assertThat(seven.failures())
                .containsExactly("missed_ticks: 7 ticks missed outside every fault because a run outlasted its window"
                        + " or every fire came too late (expected at most 6, 2 % of 300 ticks); first: tick +20000 ms"
                        + " has no row");
    }

    @Test
    void fires_that_all_came_too_late_share_the_busy_machines_2_percent_with_runs_that_outlast_their_window() {
        List<Finding> both = new java.util.ArrayList<>(missedRun(20_000, 3, Cause.HELD_PAST_WINDOW));
        both.addAll(missedRun(40_000, 3, Cause.LATE_FIRE));
        SoakVerdict six = judge(300, 0, both, List.of(), List.of());
        both.addAll(missedRun(50_000, 1, Cause.LATE_FIRE));
        SoakVerdict seven = judge(300, 0, both, List.of(), List.of());

        assertThat(six.unattributed()).isEmpty();
        assertThat(six.slow()).hasSize(6);
        assertThat(six.held()).isTrue();
        assertThat(seven.held()).isFalse();
    }

    @Test
    void with_fewer_than_50_ticks_no_slow_run_may_cost_a_tick() {
        SoakVerdict v = judge(49, 0, List.of(missed(5_000, Cause.HELD_PAST_WINDOW)), List.of(), List.of());

        assertThat(v.slowBound()).isZero();
        assertThat(v.held()).isFalse();
    }

    @Test
    void any_other_miss_outside_every_fault_fails_even_one() {
        SoakVerdict v = judge(300, 0, List.of(missed(30_000, Cause.STORE_DOWN)), List.of(KILL), List.of());

        assertThat(v.slow()).isEmpty();
        assertThat(v.unattributed()).hasSize(1);
        assertThat(v.held()).isFalse();
    }

    @Test
    void one_duplicate_tick_fails_the_soak() {
        SoakVerdict v = judge(300, 1, List.of(), List.of(), List.of());

        assertThat(v.failures()).containsExactly("duplicate_ticks: expected 0, got 1 (1 extra rows)");
    }

    @Test
    void a_fault_that_was_not_undone_fails_with_what_its_steps_answered() {
        InjectedFault stuck = new InjectedFault(
                KILL.planned(),
                KILL.startedAt(),
                KILL.endedAt(),
                List.of(new FaultResult.Done("killed w2"), new FaultResult.Failed("w2 did not restart")));

        SoakVerdict v = judge(300, 0, List.of(), List.of(stuck), List.of());

        assertThat(v.failures())
                .containsExactly("fault #1 at 10.000s: kill w2 was not undone: killed w2; w2 did not restart");
    }

    @Test
    void a_run_with_no_complete_tick_has_nothing_to_judge_and_fails() {
        assertThat(judge(0, 0, List.of(), List.of(), List.of()).failures())
                .containsExactly("ticks: nothing to judge (no complete tick window)");
    }

    @Test
    void whatever_the_lab_left_behind_fails_one_line_each() {
        SoakVerdict v = judge(300, 0, List.of(), List.of(), List.of("process 4242 (redis-server)", "port 6390"));

        assertThat(v.failures()).containsExactly("left behind: process 4242 (redis-server)", "left behind: port 6390");
    }

    @Test
    void a_row_a_worker_said_it_wrote_that_the_table_lacks_fails_as_a_lost_row() {
        Instant tick = T0.plusSeconds(3);
        Event said =
                TestEvents.event(tick.plusMillis(60), "w3", 33, EventType.EXECUTED, tick, "fenced", null, Map.of());
        Figures figures = new Figures(300, 300, 0, 0, 0, 0, List.of());
        RunSummary summary = new RunSummary(
                4,
                "fenced",
                PERIOD,
                Duration.ofMillis(50),
                900,
                figures,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());

        SoakVerdict v = SoakVerdict.judge(summary, List.of(), List.of(said), List.of(), PERIOD, TTL, List.of());

        assertThat(v.written()).isEqualTo(1);
        assertThat(v.failures())
                .singleElement()
                .asString()
                .startsWith("lost_rows: expected 0, got 1; first: w3 (pid 33)");
    }
}
