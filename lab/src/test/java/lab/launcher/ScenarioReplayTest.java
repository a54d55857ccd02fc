package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The long lessons (-Pslow) replay headless against real workers and servers and pass, each with its twin with one
 * expectation inverted failing on the same run (the quick lessons: {@link LessonsFirstHalfTest} and
 * {@link LessonsSecondHalfTest}); the quickest twin replayed on its own exits 1, and under -Pslow every other twin
 * too; every twin can be judged on its lesson's run; a broken file is exit 2 before anything starts.
 */
// A long lesson is a whole lab run of up to 45 s of waits, plus its start and its servers'.
@org.junit.jupiter.api.Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class ScenarioReplayTest {
    private static final Path LESSONS = LessonReplay.LESSONS;
    private static final Path FIXTURES = LessonReplay.FIXTURES;

    @TempDir
    Path runs;

    private LessonReplay.Run replay(Path file, String... more) {
        return LessonReplay.replay(runs, file, more);
    }

    static Stream<Path> longLessons() throws IOException {
        return LessonReplay.longLessons();
    }

    static Stream<Path> inverted() throws IOException {
        return LessonReplay.yamlIn(FIXTURES.resolve("inverted"));
    }

    static Stream<Path> broken() throws IOException {
        return LessonReplay.yamlIn(FIXTURES.resolve("broken"));
    }

    @org.junit.jupiter.api.Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("longLessons")
    void a_long_shipped_lesson_replays_headless_with_every_expectation_holding_and_its_inverted_twin_failing(
            Path lesson) throws IOException {
        LessonReplay.replaysWithItsTwin(runs, lesson);
    }

    /** The quickest lesson's twin: replayed on its own in every verify, it shows the failing path whole. */
    private static final Path QUICK_TWIN = LessonReplay.twinOf(Path.of("06-single-worker.yaml"));

    static Stream<Path> quickTwin() {
        return Stream.of(QUICK_TWIN);
    }

    /** Every other twin, replayed on its own under -Pslow: about a quarter of a minute each, mostly its waits. */
    static Stream<Path> otherTwins() throws IOException {
        return inverted().filter(twin -> !twin.equals(QUICK_TWIN));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("quickTwin")
    void the_quickest_twin_replayed_alone_exits_1_failing_on_its_flipped_figure_and_cause(Path twin)
            throws IOException {
        LessonReplay.failsAlone(runs, twin);
    }

    @org.junit.jupiter.api.Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("otherTwins")
    void every_other_twin_replayed_alone_exits_1_failing_on_its_flipped_figure_and_cause(Path twin) throws IOException {
        LessonReplay.failsAlone(runs, twin);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inverted")
    void every_inverted_twin_can_be_judged_on_its_lesson_s_run(Path twin) throws Exception {
        Path lesson = LESSONS.resolve(twin.getFileName());
        assertThat(lab.scenario.Replayer.variantOf(
                        lab.scenario.ScenarioParser.parse(lesson), lab.scenario.ScenarioParser.parse(twin)))
                .as("%s against %s", twin, lesson)
                .isEmpty();
        lab.scenario.TwinHeader.of(twin);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("broken")
    void a_broken_scenario_is_one_line_with_file_line_column_exit_2_and_nothing_started(Path file) {
        java.util.Set<Long> before = Children.alive();
        LessonReplay.Run r = replay(file);

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
        LessonReplay.Run r = replay(
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
