package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The table a user reads, in its two shapes: a plain {@code bench} and one with {@code --compare-python}. */
class TableTest {
    private static final OutsideRuns.Memory FOUR_WORKERS =
            new OutsideRuns.Memory(4, List.of(50 * 1024L), List.of(20 * 1024L), 90_000);

    private static String printed(Goals goals) {
        List<Row> rows = new java.util.ArrayList<>(goals.memoryRows(FOUR_WORKERS));
        rows.add(goals.launchRow(4, List.of(500L)));
        rows.add(goals.launchRow(16, List.of(2000L)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        new Table(rows, true, "a note").print(out);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void a_plain_bench_prints_not_compared_where_a_goal_needs_pythons_figure_and_never_yes_or_no() {
        String out = printed(new Goals(Map.of(), Map.of()));

        assertThat(out)
                .contains("| idle PSS per worker, N = 4 | 20.0 MB (sum 20.0 MB) | not compared |  | ≤ Python's |"
                        + " not compared |")
                .contains("| launch → all 4 answering /healthz | 0.50 s | not compared |  | ≤ 0.85 × Python's |"
                        + " not compared |")
                .contains("| launch → all 16 answering /healthz | 2.00 s | not compared |  | ≤ 0.85 × Python's |"
                        + " not compared |")
                // The RSS goal is the lab's own, with no peer: it is judged in either shape.
                .contains("| idle RSS per worker, N = 4 | 50.0 MB |  |  | ≤ 60 MB | yes |");
    }

    @Test
    void a_bench_with_python_prints_pythons_figure_the_ratio_and_the_verdict() {
        Goals goals = new Goals(
                Map.of(4, new PythonWorkers.Start(1000, List.of(25 * 1024L), List.of(40 * 1024L))),
                Map.of(4, List.of(1000L), 16, List.of(2000L)));

        String out = printed(goals);

        assertThat(out)
                .doesNotContain("not compared")
                .contains("| idle PSS per worker, N = 4 | 20.0 MB (sum 20.0 MB) | 25.0 MB | 0.80× | ≤ Python's | yes |")
                .contains("| launch → all 4 answering /healthz | 0.50 s | 1.00 s | 0.50× | ≤ 0.85 × Python's | yes |")
                .contains("| launch → all 16 answering /healthz | 2.00 s | 2.00 s | 1.00× | ≤ 0.85 × Python's | no |");
    }
}
