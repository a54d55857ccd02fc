package lab.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.protocol.Event;
import lab.protocol.LabFact;
import lab.store.CounterRow;
import lab.store.TableFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Recordings the lab made, kept as fixtures (events.jsonl, counter.csv, and scenario.txt naming the run that made
 * them), each beside what a person wrote it must be found in it:
 *
 * <ul>
 *   <li>{@code expected.txt}, written by hand from the counter table and the events, never from the explainer's
 *       output: one line a finding, {@code <kind> <HH:mm:ss> <cause> <workers>}, kind {@code duplicate}, {@code
 *       overlap} or {@code missed}, the tick in UTC (an overlap's: the later run's), the workers the finding names
 *       (comma-separated, sorted; {@code -} for none); {@code #} lines say how each was decided. Each is judged over
 *       the span its recording's counted record names: the recording was cut to a few ticks around it.
 *   <li>{@code explained.txt}, in the seven recordings kept before the recording became typed (issue 25): what the
 *       explainer said of them then, byte for byte, so that an older recording stays readable and no rule changes its
 *       words by accident. It guards the words, not the truth: {@code expected.txt} does that.
 * </ul>
 */
class KeptRecordingsTest {
    private static final Path KEPT = Path.of("src", "test", "resources", "recordings");
    private static final DateTimeFormatter TICK = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final Pattern WORKER = Pattern.compile("\\bw\\d+\\b");

    /**
     * Causes no kept recording shows, each with why. A recording that comes to show one must take it off this list.
     */
    private static final Map<Cause, String> NOT_KEPT =
            Map.of(Cause.UNEXPLAINED, "what the recording cannot explain: a kept recording of it would keep a gap");

    /** The modes added after the first seven recordings: each must have a recording with expectations. */
    private static final Set<String> NEWER_MODES = Set.of("shedlock", "redisson", "quartz-cluster", "exam");

    static Stream<String> recordings() throws IOException {
        try (Stream<Path> dirs = Files.list(KEPT)) {
            return dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted().toList().stream();
        }
    }

    static Stream<String> explainedBefore() throws IOException {
        return recordings().filter(n -> Files.isRegularFile(KEPT.resolve(n).resolve("explained.txt")));
    }

    static Stream<String> writtenByHand() throws IOException {
        return recordings().filter(n -> Files.isRegularFile(KEPT.resolve(n).resolve("expected.txt")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writtenByHand")
    void the_explainer_finds_in_a_kept_recording_what_a_person_found_in_its_table_and_events(String name)
            throws IOException {
        Path dir = KEPT.resolve(name);
        Expected expected = Expected.read(dir.resolve("expected.txt"));
        Explanations explained = explanations(dir);

        List<String> found =
                explained.findings().stream().map(KeptRecordingsTest::line).toList();
        String said = explained.findings().stream()
                .map(f -> "  " + line(f) + "  <- " + f.sentence())
                .collect(Collectors.joining("\n"));
        assertThat(found)
                .as("the findings in " + dir
                        + " (kind, tick, cause, workers), against expected.txt; the explainer said:\n" + said)
                .containsExactlyInAnyOrderElementsOf(expected.lines());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("explainedBefore")
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

    @Test
    void every_cause_but_those_said_why_has_a_kept_recording_whose_findings_were_written_by_hand() throws IOException {
        Set<Cause> kept = EnumSet.noneOf(Cause.class);
        for (String name : writtenByHand().toList()) {
            for (String line :
                    Expected.read(KEPT.resolve(name).resolve("expected.txt")).lines()) {
                kept.add(Cause.byName(line.split(" ")[2]).orElseThrow());
            }
        }

        Set<Cause> missing = EnumSet.allOf(Cause.class);
        missing.removeAll(kept);
        missing.removeAll(NOT_KEPT.keySet());
        assertThat(missing)
                .as("causes with no kept recording written by hand, nor a reason why")
                .isEmpty();
        Set<Cause> listedYetKept = EnumSet.copyOf(NOT_KEPT.keySet());
        listedYetKept.retainAll(kept);
        assertThat(listedYetKept)
                .as("causes a kept recording shows, still listed as not kept")
                .isEmpty();
    }

    @Test
    void every_newer_mode_has_a_kept_recording_whose_findings_were_written_by_hand() throws IOException {
        Set<String> modes = new TreeSet<>();
        for (String name : writtenByHand().toList()) {
            for (CounterRow row : TableFile.COUNTER.read(KEPT.resolve(name).resolve("counter.csv"))) {
                modes.add(row.mode());
            }
        }

        assertThat(modes).as("the modes of the kept recordings written by hand").containsAll(NEWER_MODES);
    }

    /** A finding as expected.txt writes it: kind, tick, cause and the workers its sentence names. */
    static String line(Finding f) {
        Set<String> workers = new TreeSet<>();
        Matcher m = WORKER.matcher(f.sentence());
        while (m.find()) {
            workers.add(m.group());
        }
        return f.kind().name().toLowerCase(Locale.ROOT) + " "
                + TICK.format(LocalTime.ofInstant(f.tick(), ZoneOffset.UTC)) + " "
                + f.cause().wireName() + " "
                + (workers.isEmpty() ? "-" : String.join(",", workers));
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
        List<Event> events = events(dir);
        List<CounterRow> rows = TableFile.COUNTER.read(dir.resolve("counter.csv"));
        LabFact.Counted counted = counted(dir, events);
        return Explainer.explain(rows, events, counted.from(), counted.to(), Duration.ofMillis(counted.everyMs()));
    }

    private static List<Event> events(Path dir) throws IOException {
        List<Event> events = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("events.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                events.add(Event.parse(line));
            }
        }
        return events;
    }

    private static LabFact.Counted counted(Path dir, List<Event> events) {
        return events.stream()
                .flatMap(e -> e.as(LabFact.Counted.class).stream())
                .reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError(dir + ": a kept recording must end with its counted record"));
    }
}
