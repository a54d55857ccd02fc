package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.protocol.Mode;
import org.junit.jupiter.api.Test;

/** The relations BenchIT holds a quick run's figures to fail, and say which figures and why, on each kind of misfit. */
class RelatedFiguresTest {
    private static final RunShape QUICK = RunShape.QUICK;

    /** A quick run's rows whose figures fit each other, as BenchIT reads them from the JSON. */
    private static Map<String, Map<String, Object>> fitting() {
        Map<String, Map<String, Object>> rows = new LinkedHashMap<>();
        rows.put(
                "pss-4",
                figures(
                        "pss_kb", times(4, 30_000L),
                        "python_pss_kb", times(4, 40_000L),
                        "python_rss_kb", times(4, 50_000L)));
        rows.put("rss-4", figures("rss_kb", times(4, 60_000L)));
        rows.put("launch-4", figures("millis", times(QUICK.repeats(), 900L), "python_millis", times(1, 1200L)));
        rows.put("key", figures("millis", times(QUICK.presses(), 3.5), "misses", 0));
        rows.put("launcher-rss", figures("rss_kb", 80_000L, "pss_kb", 70_000L));
        rows.put("switch", figures("millis", times(QUICK.switches(), 4.0)));
        for (Mode m : Mode.values()) {
            if (m.scheduling() == Mode.Scheduling.OWNS_THE_SCHEDULE) {
                rows.put(
                        "switch-" + m.cliName(),
                        figures(
                                "into_millis", times(QUICK.replacing(), 300.0),
                                "out_millis", times(QUICK.replacing(), 200.0)));
            }
        }
        for (Mode m : ModeRuns.costed()) {
            rows.put(
                    "memory-" + m.cliName(),
                    figures("pss_kb", times(QUICK.big(), 40_000L), "rss_kb", times(QUICK.big(), 55_000L)));
            if (ModeRuns.roundTrip(m).isPresent()) {
                rows.put(
                        "lock-" + m.cliName(),
                        figures(
                                "lock_us", List.of(400L, 420L, 900L),
                                "round_trip_us_p50", 150.0,
                                "round_trip_us_p99", 600.0));
            }
        }
        rows.put(
                "stress",
                figures(
                        "workers",
                        QUICK.big(),
                        "seconds",
                        QUICK.stressLength().toSeconds(),
                        "ticks",
                        49,
                        "duplicates",
                        0,
                        "missed",
                        1,
                        "longest_screen_gap_ms",
                        120.0,
                        "p99_screen_gap_ms",
                        110.0));
        return rows;
    }

    private static Map<String, Object> figures(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }

    private static <T> List<T> times(int n, T value) {
        return new ArrayList<>(Collections.nCopies(n, value));
    }

    private static List<Map<String, Object>> rows(Map<String, Map<String, Object>> byId) {
        List<Map<String, Object>> rows = new ArrayList<>();
        byId.forEach((id, numbers) -> rows.add(Map.of("id", id, "numbers", numbers)));
        return rows;
    }

    @Test
    void figures_that_fit_each_other_and_the_quick_run_raise_no_problem() {
        assertThat(RelatedFigures.lab(rows(fitting()), QUICK)).isEmpty();
        assertThat(RelatedFigures.python(rows(fitting()), QUICK)).isEmpty();
    }

    @Test
    void a_stress_run_whose_lock_never_grants_is_named_though_each_of_its_figures_is_in_range() {
        Map<String, Map<String, Object>> run = fitting();
        run.get("stress").put("missed", 49);

        assertThat(RelatedFigures.lab(rows(run), QUICK))
                .containsExactly("stress: 0 of 49 ticks ran (49 missed): fewer than half, a lock that does not grant,"
                        + " not a slow machine");
    }

    @Test
    void more_ticks_missed_than_there_were_is_named() {
        Map<String, Map<String, Object>> run = fitting();
        run.get("stress").put("missed", 50);

        assertThat(RelatedFigures.lab(rows(run), QUICK))
                .contains("stress.missed is 50, above stress.ticks 49 (no more ticks missed than there were)");
    }

    @Test
    void a_worker_whose_pss_is_above_its_rss_is_named_by_its_place() {
        Map<String, Map<String, Object>> run = fitting();
        List<Long> pss = times(4, 30_000L);
        pss.set(2, 61_000L);
        run.get("pss-4").put("pss_kb", pss);

        assertThat(RelatedFigures.lab(rows(run), QUICK))
                .containsExactly(
                        "pss-4.pss_kb[2] is 61000, above rss-4.rss_kb[2] 60000 (a worker's PSS is at most its RSS)");
    }

    @Test
    void a_lock_cheaper_than_the_round_trip_it_contains_is_named() {
        Map<String, Map<String, Object>> run = fitting();
        run.get("lock-redis").put("lock_us", List.of(90L, 100L, 110L));

        assertThat(RelatedFigures.lab(rows(run), QUICK))
                .containsExactly("lock-redis.lock_us's median is 100 µs, below lock-redis.round_trip_us_p50 150 µs (an"
                        + " acquire and a release each contain at least one round trip to the server)");
    }

    @Test
    void presses_that_do_not_add_up_to_the_quick_runs_five_are_named() {
        Map<String, Map<String, Object>> run = fitting();
        run.get("key").put("millis", times(4, 3.5));

        assertThat(RelatedFigures.lab(rows(run), QUICK))
                .containsExactly("key.millis has 4 and key.misses is 0: 4 presses, not the 5 of the run (each press"
                        + " shown or missed)");
    }

    @Test
    void a_count_sized_to_a_full_run_is_named_in_a_quick_one() {
        Map<String, Map<String, Object>> run = fitting();
        run.get("switch").put("millis", times(RunShape.FULL.switches(), 4.0));

        assertThat(RelatedFigures.lab(rows(run), QUICK))
                .containsExactly("switch.millis has 50 figures, not 10 (one time per switch of the run)");
    }

    @Test
    void a_python_worker_whose_pss_is_above_its_rss_and_python_starts_the_run_did_not_make_are_named() {
        Map<String, Map<String, Object>> run = fitting();
        run.get("pss-4").put("python_pss_kb", List.of(40_000L, 40_000L, 40_000L, 51_000L));
        run.get("launch-4").put("python_millis", List.of(1200L, 1300L));

        assertThat(RelatedFigures.python(rows(run), QUICK))
                .containsExactly(
                        "launch-4.python_millis has 2 figures, not 1 (one time per start of Python's app)",
                        "pss-4.python_pss_kb[3] is 51000, above pss-4.python_rss_kb[3] 50000 (a worker's PSS is at"
                                + " most its RSS)");
    }
}
