package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import lab.protocol.Mode;
import lab.tui.Glyphs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./run.sh bench --quick} as a user types it. It proves that every row is measured and printed, that every
 * figure is present, finite and plausible (the ranges of {@link PlausibleFigures}, sized to the quick run), that the
 * figures fit each other and the run ({@link RelatedFigures}: a stress run whose lock never grants fails here), and
 * that with no Python in the run
 * the goals set against Python say "not compared"; it asserts nothing about the lab's speed (the full benchmark's
 * figures go in the README, from a run on a quiet machine). Two minutes of benchmark (130 s on a busy 2-core machine,
 * about 50 s of them each costed mode's own lab) are long by nature: it runs under {@code -Pslow}, beside the run with
 * Python, which CI runs after {@code mvn -B verify}.
 */
@Tag("slow")
class BenchIT {
    /**
     * The rows of a quick run, in the order printed: each costed mode's memory, then each lock's cost, follow from the
     * modes' declarations ({@link ModeRuns#costed}).
     */
    static final List<String> QUICK_ROWS = quickRows();

    private static List<String> quickRows() {
        List<String> ids =
                new ArrayList<>(List.of("pss-4", "rss-4", "launch-4", "key", "launcher-cpu", "launcher-rss", "switch"));
        for (Mode m : Mode.values()) {
            if (m.scheduling() == Mode.Scheduling.OWNS_THE_SCHEDULE && ShippedModes.isShipped(m)) {
                ids.add("switch-" + m.cliName());
            }
        }
        for (Mode m : ModeRuns.costed()) {
            ids.add("memory-" + m.cliName());
        }
        for (Mode m : ModeRuns.costed()) {
            if (ModeRuns.roundTrip(m).isPresent()) {
                ids.add("lock-" + m.cliName());
            }
        }
        ids.add("stress");
        return List.copyOf(ids);
    }

    @TempDir
    Path dir;

    @BeforeAll
    static void tmuxIsHere() throws Exception {
        BenchRun.requireTmux();
    }

    @Test
    // Above the 15 minutes it gives the bench itself, so that its own message, with the output so far, comes first.
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void bench_quick_measures_every_row_with_plausible_figures_and_says_not_compared_where_python_did_not_run()
            throws Exception {
        BenchRun.Result run = BenchRun.run(dir, "bench-quick.txt", Duration.ofMinutes(15), "--quick");
        String out = run.out();

        assertThat(run.ended())
                .as("bench --quick ended within 15 minutes:%n%s", out)
                .isTrue();
        assertThat(run.exit()).as("exit code (0: every row measured):%n%s", out).isZero();
        assertThat(out).contains("| figure | this lab | Python (seed app) | ratio | goal | met |");
        List<Map<String, Object>> rows = run.rows();
        assertThat(rows).extracting(r -> r.get("id")).containsExactlyElementsOf(QUICK_ROWS);
        // The launcher inherits this JVM's locale, so it prints as this process would: UTF-8, or the figures' ASCII.
        Glyphs glyphs = Glyphs.forThisProcess();
        for (Map<String, Object> r : rows) {
            assertThat(out)
                    .as("the printed table has row %s", r.get("id"))
                    .contains(glyphs.fit("| " + r.get("figure") + " | " + r.get("lab") + " |"));
        }
        assertThat(PlausibleFigures.problems(rows, PlausibleFigures.LAB))
                .as("figures missing, not finite or implausible:%n%s", out)
                .isEmpty();
        assertThat(RelatedFigures.lab(rows, RunShape.QUICK))
                .as("figures that do not fit each other or the quick run that made them:%n%s", out)
                .isEmpty();
        // No Python in this run: the goals set against it have no verdict, and no peer figure appears anywhere.
        for (String id : List.of("pss-4", "launch-4")) {
            Map<String, Object> row = rows.stream()
                    .filter(r -> id.equals(r.get("id")))
                    .findFirst()
                    .orElseThrow();
            assertThat(out)
                    .as("row %s in the printed table", id)
                    .contains(glyphs.fit("| " + row.get("figure") + " | " + row.get("lab") + " | not compared |  | "
                            + row.get("goal") + " | not compared |"));
            assertThat(row.get("met")).as("row %s's verdict", id).isNull();
        }
        assertThat(PlausibleFigures.problems(rows, PlausibleFigures.PYTHON))
                .as("no Python figure in a run without Python")
                .allMatch(p -> p.contains(" is missing"))
                .hasSize(PlausibleFigures.PYTHON.size());
    }
}
