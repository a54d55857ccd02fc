package lab.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.launcher.StartFailure;
import lab.protocol.Lang;
import lab.protocol.Mode;
import lab.protocol.Modes;

/**
 * {@code run.sh matrix}: runs the matrix, writes its JSON and, for a run written to {@code docs/matrix.json}, renders
 * the two pages from it. {@code --quick} runs the modes a team weighs first against every fault, the same cells the
 * full run has, so that its verdicts can be held to the committed ones.
 */
public final class Matrices {
    /** The quick run's modes: a hand-made lease, a session lock, no lock with a unique key, a fenced lease, a library. */
    public static final Set<String> QUICK = Set.of("redis", "postgres", "idempotent", "fenced", "shedlock");

    private Matrices() {}

    /** The modes a run takes, in {@link Modes#all}'s order. */
    public static List<Mode> modes(boolean quick) {
        return Modes.all().stream()
                .filter(m -> !quick || QUICK.contains(m.cliName()))
                .toList();
    }

    /**
     * Runs it and writes {@code json}; with {@code pages}, renders {@code docs/matrix.md} and {@code docs/zh/matrix.md}
     * beside it (in {@code docs}, the JSON's folder). Returns the matrix.
     */
    public static Matrix run(boolean quick, Path json, boolean pages, Path runsDir, PrintStream out)
            throws IOException, InterruptedException, StartFailure {
        long started = System.nanoTime();
        List<Mode> modes = modes(quick);
        List<MatrixFault> faults = Catalogue.all();
        MatrixRun run = new MatrixRun(modes, faults, runsDir, out::println);
        List<CellResult> cells = run.run();
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        machine.put("jdk", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
        run.servers().forEach((name, source) -> machine.put(name, source));
        Matrix m = new Matrix(
                "./run.sh matrix" + (quick ? " --quick" : ""),
                LocalDate.now(ZoneOffset.UTC).toString(),
                (System.nanoTime() - started) / 1_000_000_000L,
                MatrixRun.SETUP,
                machine,
                faults.stream().map(MatrixFault::title).toList(),
                modes.stream().map(Mode::cliName).toList(),
                cells);
        Files.writeString(json, m.toJson());
        out.println("matrix: " + cells.size() + " cells in " + m.seconds() + " s, written to " + json);
        if (pages) {
            render(json);
            out.println("matrix: pages rendered to " + json.resolveSibling("matrix.md") + " and its Chinese twin");
        }
        return m;
    }

    /** Renders {@code matrix.md} beside {@code json}, and {@code zh/matrix.md} under it, from {@code json} alone. */
    public static void render(Path json) throws IOException {
        Matrix m = Matrix.fromJson(Files.readString(json));
        Path docs = json.toAbsolutePath().getParent();
        // Both rendered before either is written: a contradicted claim leaves neither page half-new.
        String en = MatrixPage.render(m, Lang.EN);
        String zh = MatrixPage.render(m, Lang.ZH);
        Files.writeString(docs.resolve("matrix.md"), en);
        Files.writeString(docs.resolve("zh").resolve("matrix.md"), zh);
    }
}
