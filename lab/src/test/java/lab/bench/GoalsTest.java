package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import lab.protocol.Mode;
import org.junit.jupiter.api.Test;

class GoalsTest {
    private static final Goals WITHOUT_PYTHON = new Goals(Map.of(), Map.of());

    private static OutsideRuns.Memory memory(int workers, long rssKb, long pssKb) {
        return new OutsideRuns.Memory(workers, List.of(rssKb, rssKb), List.of(pssKb, pssKb), 90_000);
    }

    @Test
    void idle_rss_meets_its_goal_at_60_mb_and_misses_it_a_kilobyte_over_though_both_print_60_0() {
        Row at = WITHOUT_PYTHON.memoryRows(memory(4, 60 * 1024, 30 * 1024)).get(1);
        Row over =
                WITHOUT_PYTHON.memoryRows(memory(4, 60 * 1024 + 1, 30 * 1024)).get(1);

        assertThat(at.goal()).isEqualTo("≤ 60 MB");
        assertThat(at.lab()).isEqualTo("60.0 MB");
        assertThat(at.met()).isTrue();
        assertThat(over.lab()).isEqualTo("60.0 MB");
        assertThat(over.met()).isFalse();
    }

    @Test
    void one_worker_alone_has_its_memory_shown_with_no_goal() {
        List<Row> rows = WITHOUT_PYTHON.memoryRows(memory(1, 70 * 1024, 50 * 1024));

        assertThat(rows).extracting(Row::met).containsExactly(null, null);
        assertThat(rows).extracting(Row::goal).containsExactly("", "");
    }

    @Test
    void without_python_in_this_run_pss_has_its_goal_but_says_not_compared_and_has_no_verdict() {
        Row pss = WITHOUT_PYTHON.memoryRows(memory(4, 50 * 1024, 20 * 1024)).get(0);

        assertThat(pss.lab()).isEqualTo("20.0 MB (sum 40.0 MB)");
        assertThat(pss.goal()).isEqualTo("≤ Python's");
        assertThat(pss.python()).isEqualTo("not compared");
        assertThat(pss.ratio()).isEmpty();
        assertThat(pss.verdict()).isEqualTo(GoalVerdict.NOT_COMPARED);
        assertThat(pss.met()).isNull();
        assertThat(pss.numbers()).doesNotContainKey("python_pss_kb");
    }

    @Test
    void pss_is_judged_against_pythons_own_average_when_it_ran_here() {
        Goals goals = new Goals(
                Map.of(4, new PythonWorkers.Start(900, List.of(40 * 1024L, 42 * 1024L), List.of())), Map.of());

        // Python's average: 41 MB.
        assertThat(goals.memoryRows(memory(4, 50 * 1024, 41 * 1024)).get(0).met())
                .isTrue();
        assertThat(goals.memoryRows(memory(4, 50 * 1024, 41 * 1024)).get(0).numbers())
                .containsEntry("python_pss_kb", List.of(40 * 1024L, 42 * 1024L));
        assertThat(goals.memoryRows(memory(4, 50 * 1024, 42 * 1024)).get(0).python())
                .isEqualTo("41.0 MB");
        assertThat(goals.memoryRows(memory(4, 50 * 1024, 42 * 1024)).get(0).met())
                .isFalse();
    }

    @Test
    void without_python_in_this_run_a_start_says_not_compared_however_fast_it_was() {
        Row four = WITHOUT_PYTHON.launchRow(4, List.of(900L, 800L, 850L));
        Row sixteen = WITHOUT_PYTHON.launchRow(16, List.of(100L));

        assertThat(four.lab()).isEqualTo("0.85 s (min 0.80 s, max 0.90 s)");
        for (Row row : List.of(four, sixteen)) {
            assertThat(row.goal()).isEqualTo("≤ 0.85 × Python's");
            assertThat(row.python()).isEqualTo("not compared");
            assertThat(row.verdict()).isEqualTo(GoalVerdict.NOT_COMPARED);
            assertThat(row.met()).isNull();
        }
    }

    @Test
    void four_workers_are_judged_against_pythons_median_start_when_it_ran_here() {
        // Python's median of 1000 1100 1200 is 1.1 s; 0.85 of it is 935 ms.
        Goals goals = new Goals(Map.of(), Map.of(4, List.of(1200L, 1000L, 1100L)));

        assertThat(goals.launchRow(4, List.of(930L)).met()).isTrue();
        assertThat(goals.launchRow(4, List.of(940L)).met()).isFalse();
        assertThat(goals.launchRow(4, List.of(940L)).python()).isEqualTo("1.10 s");
    }

    @Test
    void sixteen_workers_are_judged_against_pythons_sixteen_in_this_run_and_one_has_no_goal() {
        // Python's median of 3000 3600 4000 is 3.6 s; 0.85 of it is 3060 ms.
        Goals goals = new Goals(Map.of(), Map.of(16, List.of(3000L, 4000L, 3600L)));

        assertThat(goals.launchRow(16, List.of(3060L)).met()).isTrue();
        assertThat(goals.launchRow(16, List.of(3061L)).met()).isFalse();
        assertThat(goals.launchRow(16, List.of(3061L)).goal()).isEqualTo("≤ 0.85 × Python's");
        assertThat(goals.launchRow(16, List.of(3061L)).numbers())
                .containsEntry("python_millis", List.of(3000L, 4000L, 3600L));
        assertThat(WITHOUT_PYTHON.launchRow(1, List.of(9000L)).met()).isNull();
        assertThat(WITHOUT_PYTHON.launchRow(1, List.of(9000L)).verdict()).isEqualTo(GoalVerdict.NONE);
    }

    @Test
    void a_switch_meets_its_goal_when_p99_is_at_most_50_ms() {
        List<Double> fifty =
                LongStream.rangeClosed(1, 50).mapToObj(v -> (double) v).toList();
        List<Double> oneSlow = LongStream.rangeClosed(1, 50)
                .mapToObj(v -> v == 50 ? 51.0 : (double) v)
                .toList();

        Row sw = WITHOUT_PYTHON.switchRow(new InsideRuns.Switching(16, fifty));
        assertThat(sw.lab()).isEqualTo("p50 25 ms, p99 50 ms");
        assertThat(sw.met()).isTrue();
        assertThat(WITHOUT_PYTHON
                        .switchRow(new InsideRuns.Switching(16, oneSlow))
                        .met())
                .isFalse();
    }

    @Test
    void a_lock_meets_its_goal_when_its_p50_costs_at_most_3_round_trips_its_holders_timed() {
        Mode redis = Mode.REDIS;
        Mode shedlock = Mode.byName("shedlock").orElseThrow();
        // redis: p50 300 µs against the holders' PING of 100 µs, 3 × exactly (the bench's own loop, 30 µs, judges
        // nothing); shedlock: 310 µs against SELECT 1's 100 µs, 3.1 ×.
        Row atThree = WITHOUT_PYTHON.lockRow(new ModeRuns.Cost(
                redis,
                16,
                List.of(),
                List.of(),
                "PING",
                List.of(400L, 200L, 300L),
                List.of(100L, 120L, 100L),
                List.of(30L)));
        Row over = WITHOUT_PYTHON.lockRow(new ModeRuns.Cost(
                shedlock, 16, List.of(), List.of(), "SELECT 1", List.of(310L), List.of(100L), List.of()));

        assertThat(atThree.id()).isEqualTo("lock-redis");
        assertThat(atThree.lab())
                .isEqualTo("p50 300 µs, p99 400 µs; PING p50 100 µs → 3.00× (bench's own loop: 30 µs)");
        assertThat(atThree.numbers())
                .containsEntry("round_trip_us", List.of(100L, 120L, 100L))
                .containsEntry("bench_loop_us_p50", 30.0);
        assertThat(over.lab()).isEqualTo("p50 310 µs, p99 310 µs; SELECT 1 p50 100 µs → 3.10×");
        assertThat(atThree.goal()).isEqualTo("p50 ≤ 3 × PING");
        assertThat(atThree.met()).isTrue();
        assertThat(over.id()).isEqualTo("lock-shedlock");
        assertThat(over.goal()).isEqualTo("p50 ≤ 3 × SELECT 1");
        assertThat(over.met()).isFalse();
    }

    @Test
    void a_lock_that_was_never_granted_is_not_measured_and_has_no_verdict() {
        Row redis = WITHOUT_PYTHON.lockRow(
                new ModeRuns.Cost(Mode.REDIS, 4, List.of(), List.of(), "PING", List.of(), List.of(100L), List.of(30L)));

        assertThat(redis.lab())
                .isEqualTo("not measured: no granted tick carried acquire_us and release_us while collecting");
        assertThat(redis.measured()).isFalse();
        assertThat(redis.met()).isNull();
    }

    @Test
    void a_lock_whose_holders_timed_no_round_trip_is_not_measured_though_the_bench_loop_has_one() {
        Row redis = WITHOUT_PYTHON.lockRow(
                new ModeRuns.Cost(Mode.REDIS, 4, List.of(), List.of(), "PING", List.of(300L), List.of(), List.of(30L)));

        assertThat(redis.lab())
                .isEqualTo("not measured: no release carried its holder's round_trip_us while collecting");
        assertThat(redis.measured()).isFalse();
        assertThat(redis.met()).isNull();
    }

    @Test
    void a_modes_memory_row_gives_the_average_pss_and_rss_of_its_workers_and_keeps_each() {
        Row row = WITHOUT_PYTHON.modeMemoryRow(new ModeRuns.Cost(
                Mode.POSTGRES,
                2,
                List.of(60 * 1024L, 62 * 1024L),
                List.of(30 * 1024L, 33 * 1024L),
                "SELECT 1",
                List.of(),
                List.of(),
                List.of()));

        assertThat(row.id()).isEqualTo("memory-postgres");
        assertThat(row.figure()).isEqualTo("memory per worker in mode postgres, N = 2");
        assertThat(row.lab()).isEqualTo("PSS 31.5 MB, RSS 61.0 MB");
        assertThat(row.met()).isNull();
        assertThat(row.numbers()).containsEntry("pss_kb", List.of(30 * 1024L, 33 * 1024L));
    }

    @Test
    void a_key_press_row_counts_the_presses_never_shown() {
        Row key = WITHOUT_PYTHON.keyRow(new InsideRuns.Idle(4, List.of(30.0, 10.0, 20.0), 1));

        assertThat(key.lab()).isEqualTo("p50 20 ms, p99 30 ms, 1 not shown within 2 s");
        assertThat(key.met()).isNull();
    }

    @Test
    void the_dashboards_launcher_must_stay_within_100_mb() {
        List<Row> at = WITHOUT_PYTHON.launcherRows(new TerminalDashboard.Launcher(4, 3.25, 100 * 1024, 80 * 1024));
        List<Row> over =
                WITHOUT_PYTHON.launcherRows(new TerminalDashboard.Launcher(4, 3.25, 100 * 1024 + 1, 80 * 1024));

        assertThat(at.get(0).lab()).isEqualTo("3.3 % of one core");
        assertThat(at.get(1).lab()).isEqualTo("100.0 MB (PSS 80.0 MB)");
        assertThat(at.get(1).met()).isTrue();
        assertThat(over.get(1).met()).isFalse();
    }

    @Test
    void stress_is_met_only_with_no_duplicate_no_miss_at_most_25_percent_cpu_and_no_screen_gap_over_250_ms() {
        Duration minute = Duration.ofMinutes(1);

        assertThat(WITHOUT_PYTHON
                        .stressRow(new InsideRuns.Stress(16, minute, 600, 0, 0, 25.0, 250.0, 90.0))
                        .met())
                .isTrue();
        assertThat(WITHOUT_PYTHON
                        .stressRow(new InsideRuns.Stress(16, minute, 600, 1, 0, 5.0, 100.0, 90.0))
                        .met())
                .isFalse();
        assertThat(WITHOUT_PYTHON
                        .stressRow(new InsideRuns.Stress(16, minute, 600, 0, 1, 5.0, 100.0, 90.0))
                        .met())
                .isFalse();
        assertThat(WITHOUT_PYTHON
                        .stressRow(new InsideRuns.Stress(16, minute, 600, 0, 0, 25.1, 100.0, 90.0))
                        .met())
                .isFalse();
        assertThat(WITHOUT_PYTHON
                        .stressRow(new InsideRuns.Stress(16, minute, 600, 0, 0, 5.0, 250.5, 90.0))
                        .met())
                .isFalse();
    }
}
