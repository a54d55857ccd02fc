package lab.runs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import lab.headless.SummaryText;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.protocol.summary.SummaryCodec;
import lab.session.RunSummary;

/**
 * How every run ends, headless, scenario or dashboard: stop the workers, count from the table, print the summary,
 * and write it as JSON beside the session's events (and where {@code --summary-json} says).
 */
public final class Summaries {
    private Summaries() {}

    static RunSummary finish(Lab lab, Instant stopAt, Path summaryJson, PrintStream out)
            throws SQLException, IOException, InterruptedException {
        RunSummary summary = lab.stopAndSummarise(stopAt);
        SummaryText.lines(summary).forEach(out::println);
        write(summary, lab.runDir(), summaryJson);
        saveTables(lab, out);
        return summary;
    }

    /**
     * The tables beside the recording, for the report. After the summary, and apart from it: a table that cannot be
     * exported costs the report its rows, not the run its figures.
     */
    static void saveTables(Lab lab, PrintStream out) {
        try {
            lab.saveTables();
        } catch (SQLException | IOException e) {
            out.println("warning: the store's tables were not saved in " + lab.runDir() + " (./run.sh report will lack"
                    + " their rows): " + e.getMessage());
        }
    }

    /** {@link #finish}, or one line on {@code err} saying why there is no summary; true when there is one. */
    static boolean finishOrExplain(Lab lab, Instant stopAt, LabSettings settings, PrintStream out, PrintStream err)
            throws InterruptedException {
        try {
            finish(lab, stopAt, settings.summaryJson(), out);
            return true;
        } catch (SQLException e) {
            err.println("error: cannot read the counter table in " + settings.store() + ": " + e.getMessage());
        } catch (IOException e) {
            err.println("error: cannot write the session's summary: " + e.getMessage());
        }
        return false;
    }

    private static void write(RunSummary summary, Path runDir, Path file) throws IOException {
        String json = SummaryCodec.toJson(summary.toFile());
        Files.createDirectories(runDir);
        Files.writeString(runDir.resolve("summary.json"), json);
        if (file != null) {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, json);
        }
    }
}
