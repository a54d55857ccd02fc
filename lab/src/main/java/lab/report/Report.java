package lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code ./run.sh report runs/<dir>}: one self-contained {@code report.html} in the run folder — the timeline as an
 * SVG, why each tick ran more than once or not at all, the scenario's captions and verdicts, and the figures. No
 * script from the network, no font to fetch: it opens anywhere, and prints.
 */
public final class Report {
    public static final String FILE = "report.html";

    private Report() {}

    /**
     * Writes the report of the run folder {@code dir} and answers its path; of a packed run ({@link PackedRun}), beside
     * the file: {@code lesson.zip} gives {@code lesson.zip.report.html}.
     */
    public static Path write(Path dir) throws BadRunFolder, IOException {
        RunFolder folder = RunFolder.read(dir);
        Path out = Files.isRegularFile(dir) ? dir.resolveSibling(dir.getFileName() + "." + FILE) : dir.resolve(FILE);
        Files.writeString(out, ReportPage.html(Timeline.of(folder)));
        return out;
    }
}
