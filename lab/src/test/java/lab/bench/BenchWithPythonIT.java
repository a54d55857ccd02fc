package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./run.sh bench --quick --compare-python}: the Python column measured on every change, not copied from one
 * manual run. About a minute and a half on a busy 2-core machine before each costed mode's own lab (about 50 s more,
 * as in BenchIT), Python's starts and a second quick bench beside BenchIT's, so under -Pslow (lab/pom.xml) like
 * BenchIT, which .ci/run runs after installing Debian's python3-fastapi, python3-uvicorn and python3-apscheduler. How
 * long it took is printed to its output.
 */
@Tag("slow")
class BenchWithPythonIT {
    @TempDir
    Path dir;

    @BeforeAll
    static void tmuxAndThePythonAppAreHere() throws Exception {
        BenchRun.requireTmux();
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", "import fastapi, uvicorn, apscheduler")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        boolean imported = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        Assumptions.assumeTrue(
                imported,
                "/usr/bin/python3 cannot import fastapi, uvicorn and apscheduler (Debian's python3-fastapi,"
                        + " python3-uvicorn, python3-apscheduler; .ci/run installs them)");
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void bench_quick_with_python_measures_pythons_memory_and_start_beside_the_labs_and_judges_both_goals()
            throws Exception {
        BenchRun.Result run =
                BenchRun.run(dir, "bench-quick-python.txt", Duration.ofMinutes(12), "--quick", "--compare-python");
        String out = run.out();
        System.out.println("bench --quick --compare-python took " + run.took().toSeconds() + " s");

        assertThat(run.ended())
                .as("bench --quick --compare-python ended within 12 minutes:%n%s", out)
                .isTrue();
        assertThat(run.exit())
                .as("exit code (0: every row measured, Python's included):%n%s", out)
                .isZero();
        List<Map<String, Object>> rows = run.rows();
        assertThat(rows).extracting(r -> r.get("id")).containsExactlyElementsOf(BenchIT.QUICK_ROWS);
        assertThat(PlausibleFigures.problems(rows, PlausibleFigures.LAB))
                .as("the lab's figures missing, not finite or implausible:%n%s", out)
                .isEmpty();
        assertThat(RelatedFigures.lab(rows, RunShape.QUICK))
                .as("the lab's figures that do not fit each other or the quick run:%n%s", out)
                .isEmpty();
        assertThat(PlausibleFigures.problems(rows, PlausibleFigures.PYTHON))
                .as("Python's figures missing, not finite or implausible:%n%s", out)
                .isEmpty();
        assertThat(RelatedFigures.python(rows, RunShape.QUICK))
                .as("Python's figures that do not fit each other or the quick run:%n%s", out)
                .isEmpty();
        assertThat(out).doesNotContain("not compared").contains("Python: Python 3");
        for (String id : List.of("pss-4", "launch-4")) {
            Map<String, Object> row = rows.stream()
                    .filter(r -> id.equals(r.get("id")))
                    .findFirst()
                    .orElseThrow();
            assertThat(row.get("met"))
                    .as("row %s is judged against this run's Python: %s", id, row)
                    .isNotNull();
        }
    }
}
