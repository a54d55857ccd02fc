package lab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import lab.launcher.StartFailure;
import lab.matrix.Matrices;
import lab.runs.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code run.sh matrix}: every mode against every fault, each cell a short headless run; see {@link Matrices}. */
@Command(
        name = "matrix",
        mixinStandardHelpOptions = true,
        description =
                "Runs every mode against every fault the lab can do, each cell a short headless run judged from the"
                        + " counter table; writes docs/matrix.json and renders docs/matrix.md and docs/zh/matrix.md from it"
                        + " (exit 0 every cell run or n/a, 1 a page could not be rendered, 2 bad input, 3 a lab did not start)")
final class MatrixCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--quick",
            description = "the modes of the quick set only (redis, postgres, idempotent,"
                    + " fenced, shedlock), against every fault")
    boolean quick;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "write the JSON here instead, and render no page (default: docs/matrix.json and its pages)")
    Path out;

    @Option(
            names = "--render",
            description = "run nothing: render docs/matrix.md and docs/zh/matrix.md again from docs/matrix.json (after"
                    + " editing the paragraphs)")
    boolean render;

    private final PrintStream stdout;
    private final PrintStream err;

    MatrixCommand(PrintStream stdout, PrintStream err) {
        this.stdout = stdout;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        if (out != null && Files.isDirectory(out)) {
            throw LabCommand.bad(spec, "--out", out.toString(), "a file to write, not a folder");
        }
        if (out != null
                && out.toAbsolutePath().getParent() != null
                && !Files.isDirectory(out.toAbsolutePath().getParent())) {
            throw LabCommand.bad(spec, "--out", out.toString(), "a file in a folder that exists");
        }
        String home = System.getProperty("lab.home");
        if (out == null && (home == null || !Files.isRegularFile(Path.of(home, "run.sh")))) {
            throw LabCommand.bad(
                    spec, "matrix", String.valueOf(home), "to be started by ./run.sh matrix, or --out FILE");
        }
        Path json = out != null ? out : Path.of(home, "docs", "matrix.json");
        if (render) {
            if (out != null || quick) {
                throw LabCommand.bad(spec, "--render", "true", "alone: it renders the committed docs/matrix.json");
            }
            try {
                Matrices.render(json);
                stdout.println("matrix: pages rendered from " + json);
                return ExitCode.FINISHED;
            } catch (IOException e) {
                err.println("error: matrix: " + e.getMessage());
                return 1;
            }
        }
        Path runs = Files.createTempDirectory("lab-matrix");
        try {
            Matrices.run(quick, json, out == null, runs, stdout);
            return ExitCode.FINISHED;
        } catch (StartFailure e) {
            err.println("error: " + e.getMessage());
            return ExitCode.START_FAILED;
        } catch (IOException e) {
            err.println("error: matrix: " + e.getMessage());
            return 1;
        }
    }
}
