package lab.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import lab.protocol.Event;
import lab.protocol.LabFact;
import lab.protocol.summary.SummaryCodec;
import lab.protocol.summary.SummaryFile;
import lab.store.CounterRow;
import lab.store.JobRunRow;
import lab.store.RefusedWrite;
import lab.store.TableFile;

/**
 * What one session left in its run folder, read back: the recording (required), and where the session ended
 * normally the store's tables and the summary. A missing table is not an error — a launcher killed with -9 leaves
 * the recording only — but the report then says what it could not draw, instead of guessing it from the events.
 *
 * @param rows     {@code counter.csv}, or null when absent: the only source of "ran" and of every count
 * @param jobRuns  {@code job_runs.csv} (empty when absent): runs whose row the store did not keep
 * @param refused  {@code refused.csv} (empty when absent): writes a fenced store refused
 * @param summary  {@code summary.json}, or null when absent: the figures as the session counted them
 * @param counted  the span the summary counted (the last {@code counted} record), or null
 */
public record RunFolder(
        Path dir,
        List<Event> events,
        List<CounterRow> rows,
        List<JobRunRow> jobRuns,
        List<RefusedWrite> refused,
        SummaryFile summary,
        LabFact.Counted counted) {

    /** The run folder {@code dir}, or the one a file of {@link PackedRun} holds. */
    public static RunFolder read(Path dir) throws BadRunFolder {
        if (Files.isRegularFile(dir)) {
            dir = PackedRun.unpack(dir);
        }
        if (!Files.isDirectory(dir)) {
            throw new BadRunFolder(dir + ": expected a run folder (runs/<yyyyMMdd-HHmmss-SSS>), found "
                    + (Files.exists(dir) ? "a file" : "nothing"));
        }
        Path file = dir.resolve("events.jsonl");
        if (!Files.isRegularFile(file)) {
            throw new BadRunFolder(
                    file + ": expected the session's recording, found none (is " + dir + " a run folder?)");
        }
        try {
            List<Event> events = events(file);
            LabFact.Counted counted = null;
            for (Event e : events) {
                if (e.fact() instanceof LabFact.Counted c) {
                    counted = c;
                }
            }
            Path counter = dir.resolve(TableFile.COUNTER.fileName());
            List<CounterRow> rows = Files.isRegularFile(counter) ? TableFile.COUNTER.read(counter) : null;
            return new RunFolder(
                    dir,
                    events,
                    rows,
                    table(dir, TableFile.JOB_RUNS),
                    table(dir, TableFile.REFUSED),
                    summary(dir.resolve("summary.json")),
                    counted);
        } catch (IllegalArgumentException e) {
            throw new BadRunFolder(e.getMessage());
        } catch (IOException e) {
            throw new BadRunFolder(dir + ": cannot read: " + e);
        }
    }

    private static List<Event> events(Path file) throws IOException, BadRunFolder {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<String> lines = text.lines().toList();
        // The recorder ends every line it writes with a newline, so a last line without one was torn by a launcher
        // killed as it wrote: the run is read up to it, as a recording cut short (it has no count at its end).
        boolean tornTail = !text.isEmpty() && !text.endsWith("\n");
        List<Event> events = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1);
            if (line.isBlank()) {
                continue;
            }
            try {
                events.add(Event.parse(line));
            } catch (IllegalArgumentException e) {
                if (tornTail && n == lines.size()) {
                    break;
                }
                throw new BadRunFolder(file + ":" + n + ": " + e.getMessage()
                        + " (expected one JSON object a line, with ts, worker, pid, event and mode)");
            }
        }
        if (events.isEmpty()) {
            throw new BadRunFolder(file + ": expected at least one event line, found none");
        }
        return events;
    }

    private static <R> List<R> table(Path dir, TableFile<R> table) throws IOException {
        Path file = dir.resolve(table.fileName());
        return Files.isRegularFile(file) ? table.read(file) : List.of();
    }

    private static SummaryFile summary(Path file) throws IOException, BadRunFolder {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return SummaryCodec.fromJson(Files.readString(file));
        } catch (IllegalArgumentException e) {
            throw new BadRunFolder(file + ": " + e.getMessage());
        }
    }

    /** The tick period: as counted, else as summarised, else null (no window can be drawn). */
    public Duration every() {
        if (counted != null) {
            return Duration.ofMillis(counted.everyMs());
        }
        return summary == null ? null : summary.every();
    }

    public Instant countedFrom() {
        return counted == null ? null : counted.from();
    }

    public Instant countedTo() {
        return counted == null ? null : counted.to();
    }
}
