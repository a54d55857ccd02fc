package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import lab.cli.Main;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every lesson in scenarios/ replays headless against real workers and servers and passes; its twin with one
 * expectation inverted, judged on the same run ({@code --also-judge}), fails naming that figure, so the verdicts are
 * shown able to fail without a second run of every lesson; one twin replayed on its own exits 1; a broken file is
 * exit 2 before anything starts.
 */
// Each lesson is a whole lab run of up to 45 s of waits (the longer ones under -Pslow), plus its start and its
// servers'.
@org.junit.jupiter.api.Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class ScenarioReplayTest {
    private static final Path LESSONS = Path.of("..", "scenarios");
    private static final Path FIXTURES = Path.of("src", "test", "resources", "scenarios");

    @TempDir
    Path runs;

    record Run(int code, String out, String err) {}

    private Run replay(Path file, String... more) {
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

    /**
     * A lesson whose waits add to this much runs past 45 s with its start and its settles: long by nature, so under
     * -Pslow (lab/pom.xml), as the design's test time says.
     */
    private static final java.time.Duration LONG = java.time.Duration.ofSeconds(30);

    private static boolean isLong(Path lesson) {
        try {
            return lab.scenario.ScenarioParser.parse(lesson).totalWait().compareTo(LONG) >= 0;
        } catch (lab.scenario.ScenarioException e) {
            return false; // judged, and failed, in the quick half
        }
    }

    static Stream<Path> lessons() throws IOException {
        return yamlIn(LESSONS).filter(p -> !isLong(p));
    }

    static Stream<Path> longLessons() throws IOException {
        return yamlIn(LESSONS).filter(ScenarioReplayTest::isLong);
    }

    static Stream<Path> inverted() throws IOException {
        return yamlIn(FIXTURES.resolve("inverted"));
    }

    static Stream<Path> broken() throws IOException {
        return yamlIn(FIXTURES.resolve("broken"));
    }

    private static Stream<Path> yamlIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    /**
     * A lesson that requires what this machine cannot give (network namespaces) exits 0 with one {@code skipped:} line;
     * the test is reported as skipped with that line, never as passed.
     */
    private static void skippedIfTheMachineCannot(Run r) {
        java.util.Optional<String> skipped =
                r.out().lines().filter(l -> l.startsWith("skipped: ")).findFirst();
        if (skipped.isPresent()) {
            assertThat(r.code()).as("a skipped scenario's exit code").isZero();
            assertThat(r.out()).doesNotContain("verdict:");
            org.junit.jupiter.api.Assumptions.abort(skipped.get());
        }
    }

    /** The inverted figure that a twin's first line names. */
    private static String invertedFigure(Path twin) throws IOException {
        Matcher m = Pattern.compile("\\b(rows_per_tick|duplicate_ticks|extra_rows|missed_ticks|overlaps|ticks|rows)\\b")
                .matcher(Files.readAllLines(twin).get(0));
        assertThat(m.find())
                .as("the fixture's first line names the inverted figure: %s", twin)
                .isTrue();
        return m.group(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void a_shipped_lesson_replays_headless_with_every_expectation_holding_and_its_inverted_twin_failing(Path lesson)
            throws IOException {
        replaysWithItsTwin(lesson);
    }

    @org.junit.jupiter.api.Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("longLessons")
    void a_long_shipped_lesson_replays_headless_with_every_expectation_holding_and_its_inverted_twin_failing(
            Path lesson) throws IOException {
        replaysWithItsTwin(lesson);
    }

    private void replaysWithItsTwin(Path lesson) throws IOException {
        Path twin = FIXTURES.resolve("inverted").resolve(lesson.getFileName());
        assertThat(twin).as("every lesson has an inverted twin").exists();
        String figure = invertedFigure(twin);
        java.util.Set<Long> before = Children.alive();
        // The twin is judged on the lesson's own run: it only has to show that one expectation can fail.
        Run r = replay(lesson, "--also-judge", twin.toString());
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
                .contains("  also: FAIL " + figure + ":")
                .contains("also-verdict: FAIL");
        assertThat(Children.alive()).as("children left behind").isSubsetOf(before);
    }

    static Stream<Path> oneTwinAlone() {
        // The quickest lesson: its twin replayed on its own shows the failing path whole, exit 1 and the FAIL line.
        return Stream.of(FIXTURES.resolve("inverted").resolve("06-single-worker.yaml"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oneTwinAlone")
    void a_lesson_with_one_expectation_inverted_fails_with_exit_1_naming_that_figure(Path lesson) throws IOException {
        String figure = invertedFigure(lesson);

        // The replay stops at its first failed expectation: the twin only has to show that this one can fail.
        Run r = replay(lesson, "--fail-fast");
        skippedIfTheMachineCannot(r);

        assertThat(r.code()).as("exit code; stdout:%n%s", r.out()).isEqualTo(1);
        assertThat(r.out()).contains("FAIL " + figure + ":").contains("verdict: FAIL");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inverted")
    void every_inverted_twin_can_be_judged_on_its_lesson_s_run(Path twin) throws Exception {
        Path lesson = LESSONS.resolve(twin.getFileName());
        assertThat(lab.scenario.Replayer.variantOf(
                        lab.scenario.ScenarioParser.parse(lesson), lab.scenario.ScenarioParser.parse(twin)))
                .as("%s against %s", twin, lesson)
                .isEmpty();
        invertedFigure(twin);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("broken")
    void a_broken_scenario_is_one_line_with_file_line_column_exit_2_and_nothing_started(Path file) {
        java.util.Set<Long> before = Children.alive();
        Run r = replay(file);

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).startsWith("error: " + file);
        assertThat(r.out()).isEmpty();
        assertThat(runs).isEmptyDirectory();
        assertThat(Children.alive()).as("children left behind").isSubsetOf(before);
    }

    @org.junit.jupiter.api.Test
    void a_lesson_that_requires_network_namespaces_is_skipped_with_one_line_and_exit_0_where_the_lab_cannot_have_them()
            throws IOException {
        // A server given by URL is not on the hosts' links: the lab cannot put the hosts in namespaces, whatever the
        // machine allows. So the skip is shown here even where namespaces can be made.
        Path summary = runs.resolve("summary.json");
        Run r = replay(
                LESSONS.resolve("18-partition.yaml"),
                "--redis-url",
                lab.servers.TestServers.redis().url(),
                "--summary-json",
                summary.toString());

        assertThat(r.code())
                .as("exit code; stdout:%n%s%nstderr:%n%s", r.out(), r.err())
                .isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("skipped: ")))
                .singleElement()
                .asString()
                .startsWith("skipped: network namespaces (requires: netns): redis at redis://:***@")
                .contains("was given by URL");
        assertThat(r.out()).doesNotContain("verdict:").doesNotContain("ready in");
        assertThat(Files.readString(summary)).contains("\"skipped\"");
    }
}
