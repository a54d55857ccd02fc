package lab.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.protocol.Lang;
import org.junit.jupiter.api.Test;

/** The committed matrix pages are what the committed JSON renders to, and a paragraph cannot claim what it does not. */
class MatrixPageTest {
    private static final Path DOCS = Path.of("..", "docs");

    @Test
    void the_committed_english_page_is_what_the_committed_json_renders_to() throws IOException {
        Matrix m = Matrix.fromJson(Files.readString(DOCS.resolve("matrix.json")));
        assertThat(Files.readString(DOCS.resolve("matrix.md"))).isEqualTo(MatrixPage.render(m, Lang.EN));
    }

    @Test
    void the_committed_chinese_page_is_what_the_committed_json_renders_to() throws IOException {
        Matrix m = Matrix.fromJson(Files.readString(DOCS.resolve("matrix.json")));
        assertThat(Files.readString(DOCS.resolve("zh").resolve("matrix.md"))).isEqualTo(MatrixPage.render(m, Lang.ZH));
    }

    @Test
    void the_committed_json_has_every_mode_under_every_fault_judged_or_na_with_why() throws IOException {
        Matrix m = Matrix.fromJson(Files.readString(DOCS.resolve("matrix.json")));
        for (String mode : m.modes()) {
            for (MatrixFault.Title f : m.faults()) {
                CellResult c = m.cell(mode, f.name()).orElseThrow(() -> new AssertionError(mode + " × " + f.name()));
                assertThat(c.judged() ? c.ticks() > 0 : !c.why().isBlank())
                        .as(mode + " × " + f.name())
                        .isTrue();
            }
        }
    }

    @Test
    void a_claim_the_matrix_contradicts_stops_the_render_naming_it() {
        Matrix m = one(new CellResult("redis", "fast-job", CellResult.FAILS, "", 4, 7, 3, 0, 0, Map.of()));
        assertThatThrownBy(() -> MatrixPage.claimsChecked(m, "fast-job", "{survives:redis} keeps one row", Lang.EN))
                .hasMessage("paragraphs.en.md, fast-job: claim {survives:redis} is contradicted: the matrix says"
                        + " redis fails");
    }

    @Test
    void a_claim_the_matrix_bears_out_shows_as_the_modes_name() throws IOException {
        Matrix m = one(new CellResult("redis", "fast-job", CellResult.FAILS, "", 4, 7, 3, 0, 0, Map.of()));
        assertThat(MatrixPage.claimsChecked(m, "fast-job", "{fails:redis} runs a tick twice", Lang.EN))
                .isEqualTo("`redis` runs a tick twice\n");
    }

    @Test
    void the_json_reads_back_as_it_was_written() throws IOException {
        Matrix m = one(
                new CellResult("redis", "fast-job", CellResult.FAILS, "", 4, 7, 3, 0, 0, Map.of("released-early", 3)));
        assertThat(Matrix.fromJson(m.toJson())).isEqualTo(m);
    }

    private static Matrix one(CellResult cell) {
        return new Matrix(
                "./run.sh matrix",
                "2026-01-01",
                1,
                "3 workers",
                Map.of("cores", 2),
                List.of(new MatrixFault.Title("fast-job", "Fast job", "任务很快")),
                List.of("redis"),
                List.of(cell));
    }
}
