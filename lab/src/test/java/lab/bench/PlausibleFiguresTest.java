package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks BenchIT puts a bench's JSON through fail, and say why, on each kind of bad figure. */
class PlausibleFiguresTest {
    @TempDir
    Path dir;

    /** A quick run's rows with every figure in the middle of its range, as Table writes them and BenchIT reads them. */
    private List<Map<String, Object>> written(Map<String, Map<String, Object>> changes) throws Exception {
        Map<String, Map<String, Object>> numbers = new LinkedHashMap<>();
        for (PlausibleFigures.Range r : concat(PlausibleFigures.LAB, PlausibleFigures.PYTHON)) {
            numbers.computeIfAbsent(r.row(), id -> new LinkedHashMap<>()).put(r.key(), (r.low() + r.high()) / 2);
        }
        changes.forEach((row, figures) -> figures.forEach((key, value) -> {
            if (value == null) {
                numbers.get(row).remove(key);
            } else {
                numbers.get(row).put(key, value);
            }
        }));
        List<Row> rows = new ArrayList<>();
        numbers.forEach((id, figures) -> rows.add(Row.of(id, id, "measured", "", null, figures)));
        Path json = dir.resolve("bench.json");
        new Table(rows, true, "").write(json, new PrintStream(new ByteArrayOutputStream(), true));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> read = (List<Map<String, Object>>)
                JSON.std.mapFrom(Files.readString(json)).get("rows");
        return read;
    }

    private static List<PlausibleFigures.Range> concat(List<PlausibleFigures.Range> a, List<PlausibleFigures.Range> b) {
        List<PlausibleFigures.Range> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private List<String> problems(Map<String, Map<String, Object>> changes) throws Exception {
        return PlausibleFigures.problems(written(changes), concat(PlausibleFigures.LAB, PlausibleFigures.PYTHON));
    }

    @Test
    void figures_each_inside_its_range_raise_no_problem() throws Exception {
        assertThat(problems(Map.of())).isEmpty();
    }

    @Test
    void a_nan_lock_cost_is_named_as_not_a_finite_number_with_its_range() throws Exception {
        assertThat(problems(Map.of("lock-redis", Map.of("lock_us", List.of(300L, Double.NaN)))))
                .containsExactly(
                        "lock-redis.lock_us[1] is 'NaN', not a finite number (a redis lock cost between 1 µs and 1"
                                + " s)");
    }

    @Test
    void an_infinite_cpu_share_is_named_as_not_a_finite_number() throws Exception {
        assertThat(problems(Map.of("launcher-cpu", Map.of("percent", Double.POSITIVE_INFINITY))))
                .singleElement()
                .asString()
                .startsWith("launcher-cpu.percent is 'Infinity', not a finite number");
    }

    @Test
    void a_missing_figure_a_missing_row_and_an_empty_list_are_each_named() throws Exception {
        Map<String, Map<String, Object>> changes = new LinkedHashMap<>();
        Map<String, Object> noPythonPss = new LinkedHashMap<>();
        noPythonPss.put("python_pss_kb", null);
        changes.put("pss-4", noPythonPss);
        changes.put("switch", Map.of("millis", List.of()));
        List<Map<String, Object>> rows = written(changes);
        rows.removeIf(r -> r.get("id").equals("stress"));

        List<String> problems = PlausibleFigures.problems(rows, concat(PlausibleFigures.LAB, PlausibleFigures.PYTHON));

        assertThat(problems)
                .contains("pss-4.python_pss_kb is missing: the row says 'measured' (a Python worker's PSS between 5"
                        + " and 500 MB)")
                .contains("switch.millis is an empty list (a mode switch acknowledged between 0.1 ms and 30 s)")
                .contains(
                        "row stress is missing (between half and all of the 50 tick windows of a quick run's 5 s of stress)");
    }

    @Test
    void a_worker_of_4_gb_and_a_start_of_10_ms_are_out_of_range() throws Exception {
        Map<String, Map<String, Object>> changes = new LinkedHashMap<>();
        changes.put("pss-4", Map.of("pss_kb", List.of(30_000L, 4L * 1024 * 1024)));
        changes.put("launch-4", Map.of("millis", List.of(10L)));

        assertThat(problems(changes))
                .containsExactly(
                        "pss-4.pss_kb[1] is 4194304, outside 5120 to 512000 (a worker's PSS between 5 and 500 MB)",
                        "launch-4.millis[0] is 10, outside 50 to 60000 (a start to all 4 ready between 0.05 and 60 s)");
    }
}
