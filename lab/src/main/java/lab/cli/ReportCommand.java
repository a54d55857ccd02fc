package lab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import lab.report.BadRunFolder;
import lab.report.Report;
import lab.runs.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code run.sh report runs/<dir>}: writes the run's {@code report.html} and prints its path; see {@link Report}. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Writes one self-contained HTML timeline of a recorded session into its run folder and prints"
                + " its path (exit 0 written, 2 bad input)")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", description = "a session's run folder, such as runs/20261201-101500-123")
    Path dir;

    private final PrintStream out;
    private final PrintStream err;

    ReportCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        try {
            out.println(Report.write(dir));
            return 0;
        } catch (BadRunFolder e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
    }
}
