package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import lab.cli.Main;
import lab.scenario.ScenarioException;
import lab.scenario.ScenarioParser;
import lab.scenario.TwinHeader;

/**
 * How a shipped lesson is replayed in a test: headless, against real workers and servers, with its inverted twin judged
 * on the same run ({@code --also-judge}), so every verdict is shown able to fail without a second run of every lesson.
 */
final class LessonReplay {
    static final Path LESSONS = Path.of("..", "scenarios");
    static final Path FIXTURES = Path.of("src", "test", "resources", "scenarios");

    /**
     * A lesson whose waits add to this much runs past 45 s with its start and its settles: long by nature, so under
     * -Pslow (lab/pom.xml), as the design's test time says.
     */
    private static final Duration LONG = Duration.ofSeconds(30);

    /** How many halves the quick lessons are dealt into: one forked test JVM replays each (lab/pom.xml). */
    private static final int HALVES = 2;

    record Run(int code, String out, String err) {}

    private LessonReplay() {}

    static Run replay(Path runs, Path file, String... more) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args =
                new ArrayList<>(List.of("--scenario", file.toString(), "--headless", "--runs-dir", runs.toString()));
        args.addAll(List.of(more));
        int code = Main.run(
                args.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Duration waits(Path lesson) {
        try {
            return ScenarioParser.parse(lesson).totalWait();
        } catch (ScenarioException e) {
            return Duration.ZERO; // judged, and failed, in a quick half
        }
    }

    static Stream<Path> longLessons() throws IOException {
        return yamlIn(LESSONS).filter(p -> waits(p).compareTo(LONG) >= 0);
    }

    /**
     * The quick lessons of one half. Two halves replay at once, one per forked test JVM, and each lesson's margins
     * are meant to hold on a loaded two-core machine: dealt longest first to the half with less to wait, the halves'
     * waits differ by at most one lesson's.
     */
    static Stream<Path> quickLessons(int half) throws IOException {
        List<Path> quick = yamlIn(LESSONS)
                .filter(p -> waits(p).compareTo(LONG) < 0)
                .sorted(Comparator.comparing(LessonReplay::waits).reversed().thenComparing(Comparator.naturalOrder()))
                .toList();
        Duration[] load = new Duration[HALVES];
        java.util.Arrays.fill(load, Duration.ZERO);
        List<Path> mine = new ArrayList<>();
        for (Path lesson : quick) {
            int lighter = load[0].compareTo(load[1]) <= 0 ? 0 : 1;
            load[lighter] = load[lighter].plus(waits(lesson));
            if (lighter == half) {
                mine.add(lesson);
            }
        }
        return mine.stream().sorted();
    }

    static Stream<Path> yamlIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    /**
     * A lesson that requires what this machine cannot give (network namespaces) exits 0 with one {@code skipped:} line;
     * the test is reported as skipped with that line, never as passed.
     */
    static void skippedIfTheMachineCannot(Run r) {
        Optional<String> skipped =
                r.out().lines().filter(l -> l.startsWith("skipped: ")).findFirst();
        if (skipped.isPresent()) {
            assertThat(r.code()).as("a skipped scenario's exit code").isZero();
            assertThat(r.out()).doesNotContain("verdict:");
            org.junit.jupiter.api.Assumptions.abort(skipped.get());
        }
    }

    /** A lesson's inverted twin, beside the other test fixtures. */
    static Path twinOf(Path lesson) {
        return FIXTURES.resolve("inverted").resolve(lesson.getFileName());
    }

    /**
     * The lesson passes, its twin fails naming its flipped figure and its flipped cause, and no child of the run is
     * left.
     */
    static void replaysWithItsTwin(Path runs, Path lesson) throws IOException {
        Path twin = twinOf(lesson);
        assertThat(twin).as("every lesson has an inverted twin").exists();
        TwinHeader flipped = TwinHeader.of(twin);
        Set<Long> before = Children.alive();
        // The twin is judged on the lesson's own run: it only has to show that its flipped step can fail.
        Run r = replay(runs, lesson, "--also-judge", twin.toString());
        skippedIfTheMachineCannot(r);

        assertThat(r.code())
                .as("exit code; stdout:%n%s%nstderr:%n%s", r.out(), r.err())
                .isZero();
        List<String> own = r.out()
                .lines()
                .filter(l -> !l.startsWith("  also: ") && !l.startsWith("also-verdict: "))
                .toList();
        assertThat(own).as("the lesson's own lines").anyMatch(l -> l.startsWith("verdict: PASS"));
        assertThat(own).as("the lesson's own lines").noneMatch(l -> l.contains("FAIL "));
        assertThat(r.out())
                .as("the twin's verdicts, on the same run")
                .contains("  also: " + flipped.figureFails())
                .contains("  also: " + flipped.causeFails())
                .contains("also-verdict: FAIL");
        assertThat(Children.alive()).as("children left behind").isSubsetOf(before);
    }

    /**
     * The twin replayed on its own, stopping at its first failed expect step (its flipped one): exit 1, a FAIL line
     * for the flipped figure and one for the flipped cause and no other, and no child of the run left.
     */
    static void failsAlone(Path runs, Path twin) throws IOException {
        TwinHeader flipped = TwinHeader.of(twin);
        Set<Long> before = Children.alive();
        Run r = replay(runs, twin, "--fail-fast");
        skippedIfTheMachineCannot(r);

        assertThat(r.code())
                .as("exit code; stdout:%n%s%nstderr:%n%s", r.out(), r.err())
                .isEqualTo(1);
        // Only the flipped step fails, on its figure and on its cause: every step before it is the lesson's own.
        assertThat(r.out().lines().filter(l -> l.startsWith("  FAIL ")))
                .as("the twin's failed verdicts; stdout:%n%s", r.out())
                .hasSize(2)
                .anyMatch(l -> l.startsWith("  " + flipped.figureFails()))
                .anyMatch(l -> l.startsWith("  " + flipped.causeFails()));
        assertThat(r.out()).contains("verdict: FAIL");
        assertThat(Children.alive()).as("children left behind").isSubsetOf(before);
    }
}
