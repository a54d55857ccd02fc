package lab.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import lab.protocol.Mode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code matrix --quick} on this machine gives every cell it plays the verdict the committed {@code docs/matrix.json}
 * gives it: a cure that survived a fault there survives it here, and one that failed fails. A cell the quick run plays
 * is one whose fault touches its mode, on a machine that can do the fault (network namespaces for the hosts,
 * libfaketime for a skew). Such a cell that comes out n/a here (its fault not done, its switch failed, its table not
 * read) fails the test, naming it: an n/a skipped would let a broken fault injection pass as agreement.
 */
@Tag("slow")
class MatrixQuickTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void a_quick_run_gives_every_cell_it_plays_the_verdict_the_committed_matrix_gives_it() throws Exception {
        Matrix committed = Matrix.fromJson(Files.readString(Path.of("..", "docs", "matrix.json")));
        Matrix quick = Matrices.run(
                true, dir.resolve("matrix.json"), false, Files.createDirectories(dir.resolve("runs")), System.out);
        List<String> wrong = new ArrayList<>();
        int played = 0;
        int compared = 0;
        for (MatrixFault fault : Catalogue.all()) {
            Optional<String> machine = MatrixRun.whyMachineCannot(fault);
            for (Mode mode : Matrices.modes(true)) {
                if (fault.whyNot(mode).isPresent() || machine.isPresent()) {
                    continue; // not played: the fault cannot touch the mode, or this machine cannot do the fault
                }
                String cell = mode.cliName() + " × " + fault.name();
                CellResult now = quick.cell(mode.cliName(), fault.name()).orElse(null);
                CellResult then = committed.cell(mode.cliName(), fault.name()).orElse(null);
                if (now != null && !now.judged() && MatrixRun.NO_NETWORKS.equals(now.why())) {
                    continue; // allowed, but making the hosts' networks failed on this machine: not played
                }
                played++;
                if (then == null || !then.judged()) {
                    wrong.add(cell + ": played here, but not judged in docs/matrix.json"
                            + (then == null ? "" : " (" + then.why() + ")"));
                } else if (now == null || !now.judged()) {
                    wrong.add(cell + ": judged '" + then.verdict() + "' in docs/matrix.json, n/a in the quick run: "
                            + (now == null ? "no cell" : now.why()));
                } else {
                    compared++;
                    if (!now.verdict().equals(then.verdict())) {
                        wrong.add(MatrixRun.line(now) + ", committed " + MatrixRun.line(then));
                    }
                }
            }
        }
        assertThat(wrong)
                .as("cells the quick run played whose verdict is not the one docs/matrix.json gives")
                .isEmpty();
        assertThat(quick.cells())
                .as("the quick run's cells: every quick mode under every fault")
                .hasSize(Matrices.modes(true).size() * Catalogue.all().size());
        assertThat(played).as("cells the quick run played").isPositive();
        assertThat(compared)
                .as("cells compared with docs/matrix.json, of the %d the quick run played", played)
                .isEqualTo(played);
    }
}
