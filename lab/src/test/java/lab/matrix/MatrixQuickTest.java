package lab.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code matrix --quick} on this machine gives every cell it runs the verdict the committed {@code docs/matrix.json}
 * gives it: a cure that survived a fault there survives it here, and one that failed fails. A cell n/a on either side
 * for the machine (no network namespaces) is not compared.
 */
@Tag("slow")
class MatrixQuickTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void a_quick_run_gives_every_cell_the_verdict_the_committed_matrix_gives_it() throws Exception {
        Matrix committed = Matrix.fromJson(Files.readString(Path.of("..", "docs", "matrix.json")));
        Matrix quick = Matrices.run(
                true, dir.resolve("matrix.json"), false, Files.createDirectories(dir.resolve("runs")), System.out);
        List<String> differ = new ArrayList<>();
        for (CellResult now : quick.cells()) {
            CellResult then = committed.cell(now.mode(), now.fault()).orElse(null);
            if (then == null || (!now.judged() && !then.judged())) {
                continue;
            }
            if (now.judged() != then.judged() && machineBound(now.judged() ? then : now)) {
                continue;
            }
            if (!now.verdict().equals(then.verdict())) {
                differ.add(MatrixRun.line(now) + ", committed " + MatrixRun.line(then));
            }
        }
        assertThat(differ)
                .as("cells whose verdict differs from docs/matrix.json")
                .isEmpty();
    }

    /** An n/a the machine or the build decided, not the mode: another machine may run the cell. */
    private static boolean machineBound(CellResult na) {
        return Catalogue.named(na.fault())
                .flatMap(f -> lab.protocol.Modes.byName(na.mode())
                        .map(m -> f.untouched().apply(m).isEmpty()))
                .orElse(true);
    }
}
