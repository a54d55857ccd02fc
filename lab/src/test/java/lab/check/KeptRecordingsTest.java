package lab.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import lab.protocol.Event;
import lab.protocol.LabFact;
import lab.store.CounterRow;
import lab.store.TableFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Recordings of shipped scenarios, one trap of each family, kept as they were written before the recording became
 * typed (issue 25), with what the explainer said of each then. Whatever the recording's shape inside the lab
 * becomes, these files must still be read, and explained byte for byte as before: an older recording stays readable
 * and no rule changes its words by accident.
 */
class KeptRecordingsTest {
    private static final Path KEPT = Path.of("src", "test", "resources", "recordings");

    static Stream<String> recordings() throws IOException {
        try (Stream<Path> dirs = Files.list(KEPT)) {
            return dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void the_explainer_says_of_a_kept_recording_what_it_said_when_it_was_kept(String name) throws IOException {
        Path dir = KEPT.resolve(name);
        String said = explain(dir);
        Path expected = dir.resolve("explained.txt");
        // Written next to the build, so that a difference can be read whole with diff, not only in the assertion.
        Path actual = Path.of("target", "kept-recordings", name + ".txt");
        Files.createDirectories(actual.getParent());
        Files.writeString(actual, said, StandardCharsets.UTF_8);
        assertThat(said)
                .as("what the explainer says of " + dir + " (this run's words: " + actual + ")")
                .isEqualTo(Files.readString(expected, StandardCharsets.UTF_8));
    }

    /** One line a finding: its kind, its cause and its sentence, then the counts by cause. */
    static String explain(Path dir) throws IOException {
        Explanations explained = explanations(dir);
        StringBuilder out = new StringBuilder();
        for (Finding f : explained.findings()) {
            out.append(f.kind())
                    .append(' ')
                    .append(f.cause())
                    .append(' ')
                    .append(f.sentence())
                    .append('\n');
        }
        out.append("counts ").append(explained.toMap()).append('\n');
        return out.toString();
    }

    /** What the explainer says of the kept recording in {@code dir}, over the span its counted record names. */
    static Explanations explanations(Path dir) throws IOException {
        List<Event> events = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("events.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                events.add(Event.parse(line));
            }
        }
        LabFact.Counted counted = events.stream()
                .flatMap(e -> e.as(LabFact.Counted.class).stream())
                .reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError(dir + ": a kept recording must end with its counted record"));
        Path counter = dir.resolve("counter.csv");
        List<Map<String, String>> lines = TableFiles.read(counter);
        List<CounterRow> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            rows.add(TableFiles.counterRow(lines.get(i), counter, i + 2));
        }
        Instant from = counted.from();
        Instant to = counted.to();
        Duration every = Duration.ofMillis(counted.everyMs());
        return Explainer.explain(rows, events, from, to, every);
    }
}
