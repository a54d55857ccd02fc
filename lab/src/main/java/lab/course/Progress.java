package lab.course;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which lessons a learner has played on this machine, and how each last went, in the user's own folder
 * ({@code $XDG_STATE_HOME/scheduler-lock-lab/progress.tsv}, else {@code ~/.local/state/...}): one line per lesson,
 * {@code name, result, when}. A lesson once passed stays passed: a later failed replay is kept as its last result.
 */
public final class Progress {
    /** How a replay of a lesson ended. */
    public enum Result {
        PASSED,
        FAILED
    }

    /** The last replay of a lesson, and whether any replay passed. */
    public record Entry(Result last, Instant at, boolean everPassed) {}

    private final Path file;
    private final Map<String, Entry> entries = new LinkedHashMap<>();

    private Progress(Path file) {
        this.file = file;
    }

    /** The file under the XDG state folder {@code env} names, else under {@code home}'s {@code .local/state}. */
    public static Path fileFor(Map<String, String> env, Path home) {
        String state = env.get("XDG_STATE_HOME");
        Path base = state != null && Path.of(state).isAbsolute() ? Path.of(state) : home.resolve(".local/state");
        return base.resolve("scheduler-lock-lab").resolve("progress.tsv");
    }

    /** Reads {@code file}; a missing one is a course not begun. A line that does not read is left out, not fatal. */
    public static Progress read(Path file) throws IOException {
        Progress p = new Progress(file);
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t");
                try {
                    if (f.length == 4) {
                        p.entries.put(
                                f[0], new Entry(Result.valueOf(f[1]), Instant.parse(f[2]), Boolean.parseBoolean(f[3])));
                    }
                } catch (RuntimeException unreadable) {
                    // A hand-edited line: the lesson reads as not played, which a replay puts right.
                }
            }
        }
        return p;
    }

    public Path file() {
        return file;
    }

    public boolean passed(String lesson) {
        return entries.containsKey(lesson) && entries.get(lesson).everPassed();
    }

    public Optional<Entry> of(String lesson) {
        return Optional.ofNullable(entries.get(lesson));
    }

    /** Records a replay and writes the file at once (whole, through a temporary file beside it). */
    public void record(String lesson, Result result, Instant at) throws IOException {
        boolean ever = passed(lesson) || result == Result.PASSED;
        entries.put(lesson, new Entry(result, at, ever));
        Files.createDirectories(file.getParent());
        StringBuilder text = new StringBuilder();
        entries.forEach((name, e) -> text.append(name)
                .append('\t')
                .append(e.last())
                .append('\t')
                .append(e.at())
                .append('\t')
                .append(e.everPassed())
                .append('\n'));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
