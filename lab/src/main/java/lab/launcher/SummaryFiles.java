package lab.launcher;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.session.RunSummary;

/** The summary as JSON: always beside the session's events, and also where {@code --summary-json} says. */
final class SummaryFiles {
    private SummaryFiles() {}

    static void write(RunSummary summary, Path runDir, Path file) throws IOException {
        String json = JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(summary.toMap()) + "\n";
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
