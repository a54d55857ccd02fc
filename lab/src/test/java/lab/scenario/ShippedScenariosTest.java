package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import lab.protocol.Knobs;
import lab.protocol.Lang;
import lab.protocol.LockKey;
import lab.protocol.ModeSpec;
import lab.runs.VirtualReplay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The lessons in scenarios/ parse, point at their pages, fit in a minute and keep the design's timing rules. */
class ShippedScenariosTest {
    /** Surefire runs in lab/; the scenarios live at the repository root. */
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    static final Path SCENARIOS = ROOT.resolve("scenarios");
    static final Path INVERTED = Path.of("src/test/resources/scenarios/inverted");

    static Stream<Path> lessons() throws IOException {
        try (Stream<Path> files = Files.list(SCENARIOS)) {
            return files.sorted().toList().stream();
        }
    }

    @Test
    void scenarios_holds_the_lessons_and_nothing_else() throws IOException {
        assertThat(lessons().map(p -> p.getFileName().toString()))
                .containsExactly(
                        "01-naive.yaml",
                        "02-local-mutex.yaml",
                        "03-redis.yaml",
                        "04-postgres-try.yaml",
                        "05-postgres-wait.yaml",
                        "06-single-worker.yaml",
                        "07-fast-job.yaml",
                        "08-short-ttl.yaml",
                        "09-unsafe-release.yaml",
                        "10a-killed-holder.yaml",
                        "10b-stopped-holder.yaml",
                        "11-interval-trigger.yaml",
                        "12-paused-holder.yaml",
                        "13-lock-server-down.yaml",
                        "14-two-lock-servers.yaml",
                        "15-idempotent.yaml",
                        "16-self-overlap.yaml",
                        "17a-host-mutex.yaml",
                        "17b-two-hosts.yaml",
                        "18-partition.yaml",
                        "19-shedlock.yaml",
                        "19b-shedlock-keep-alive.yaml",
                        "20-unclustered-store.yaml",
                        "21-cluster-recovery.yaml",
                        "22-redisson.yaml",
                        "23-clock-skew.yaml",
                        "24-redis-restart.yaml");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void every_lesson_parses_and_names_a_page_that_exists(Path file) throws ScenarioException {
        Scenario s = ScenarioParser.parse(file);
        assertThat(s.lesson()).as("lesson of %s", file).isPresent();
        assertThat(ROOT.resolve(s.lesson().orElseThrow()))
                .as("lesson page of %s", file)
                .isRegularFile();
        assertThat(s.steps())
                .filteredOn(Step.Say.class::isInstance)
                .as("captions of %s", file)
                .isNotEmpty();
        assertThat(s.steps())
                .filteredOn(Step.Expect.class::isInstance)
                .as("expects of %s", file)
                .isNotEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void every_lesson_runs_well_under_a_minute_or_is_named_long(Path file) throws ScenarioException {
        Duration waits = ScenarioParser.parse(file).totalWait();
        if (LONG_BY_NATURE.contains(file.getFileName().toString())) {
            // Replayed by -Pslow only (ScenarioReplayTest's long lessons); still bounded, so the slow profile stays
            // one.
            assertThat(waits).isLessThanOrEqualTo(Duration.ofMinutes(3));
            return;
        }
        // The waits, plus a few seconds for workers and servers to start and for the last tick to finish.
        assertThat(waits).isLessThanOrEqualTo(Duration.ofSeconds(40));
    }

    /**
     * The lessons whose subject takes minutes, by name, so that none becomes long unnoticed: ShedLock's keep-alive
     * refuses a lockAtMostFor under 30 s, and its cure shows only around a job longer than that.
     */
    private static final java.util.Set<String> LONG_BY_NATURE = java.util.Set.of("19b-shedlock-keep-alive.yaml");

    /**
     * One row per tick only shows when the lock is held longer than the spread of the workers' fire times (the
     * design's "Short jobs in tests"): a job of 200 ms or more, or a lock held to the tick's end (a hold to the window,
     * a per-tick key). Anything shorter would make the lesson flaky, not wrong.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void one_row_per_tick_is_only_expected_of_a_lock_held_200ms_or_to_the_ticks_end(Path file)
            throws ScenarioException {
        Scenario s = ScenarioParser.parse(file);
        ModeSpec spec = s.setup().spec();
        for (Step step : s.steps()) {
            if (step instanceof Step.ChangeMode m) {
                spec = m.applyTo(spec);
            }
            if (step instanceof Step.Expect e
                    && expectsOneRowPerTick(e)
                    && s.setup().workers() > 1) {
                boolean heldToTheEnd =
                        spec.get(Knobs.HOLD_AT_LEAST).window() || spec.get(Knobs.LOCK_KEY) == LockKey.PER_TICK;
                assertThat(heldToTheEnd || spec.get(Knobs.TASK_TIME).compareTo(Duration.ofMillis(200)) >= 0)
                        .as(
                                "task-time %s at line %d of %s, the lock not held to the tick's end",
                                spec.get(Knobs.TASK_TIME), e.line(), file)
                        .isTrue();
                assertThat(s.setup().every()).as("every of %s", file).isLessThanOrEqualTo(Duration.ofSeconds(3));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void every_caption_and_the_title_of_a_lesson_speak_chinese_too(Path file) throws ScenarioException {
        Scenario s = ScenarioParser.parse(file);
        assertThat(s.title().zh()).as("the title of %s in Chinese", file).isNotBlank();
        for (Step step : s.steps()) {
            if (step instanceof Step.Say say) {
                assertThat(say.text().zh())
                        .as("the caption at line %d of %s in Chinese", say.line(), file)
                        .isNotBlank()
                        .containsPattern("\\p{IsHan}");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void every_lesson_asks_the_room_one_question_in_both_languages_that_a_later_expect_decides(Path file)
            throws ScenarioException {
        List<Step> steps = ScenarioParser.parse(file).steps();
        List<Step.Predict> asked = steps.stream()
                .filter(Step.Predict.class::isInstance)
                .map(Step.Predict.class::cast)
                .toList();
        assertThat(asked).as("the predict steps of %s", file).hasSize(1);
        Step.Predict q = asked.get(0);
        assertThat(steps.subList(steps.indexOf(q), steps.size()))
                .as("an expect after the question at line %d of %s, which reveals its answer", q.line(), file)
                .anyMatch(Step.Expect.class::isInstance);
        List<Caption> texts = new ArrayList<>(q.answers().values());
        texts.add(q.question());
        for (Caption text : texts) {
            assertThat(text.zh())
                    .as("'%s' (the question at line %d of %s) in Chinese", text.en(), q.line(), file)
                    .isNotBlank()
                    .containsPattern("\\p{IsHan}");
        }
    }

    /** Rows per tick is the first lesson's question; asked everywhere, the room learns the pattern, not the lock. */
    @Test
    void at_most_a_third_of_the_lessons_ask_how_many_rows_a_tick_writes() throws Exception {
        List<String> rows = new ArrayList<>();
        List<Path> all = lessons().toList();
        for (Path file : all) {
            for (Step step : ScenarioParser.parse(file).steps()) {
                if (step instanceof Step.Predict q
                        && q.question()
                                .en()
                                .toLowerCase(java.util.Locale.ROOT)
                                .matches(".*(rows per tick|how many rows).*")) {
                    rows.add(file.getFileName() + ": " + q.question().en());
                }
            }
        }
        assertThat(rows).as("questions about rows per tick").hasSizeLessThanOrEqualTo(all.size() / 3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void an_expect_after_a_mode_step_judges_since_that_step(Path file) throws ScenarioException {
        boolean switched = false;
        for (Step step : ScenarioParser.parse(file).steps()) {
            switched |= step instanceof Step.ChangeMode;
            if (step instanceof Step.Expect e && switched) {
                assertThat(e.since())
                        .as("since at line %d of %s", e.line(), file)
                        .isNotEqualTo(Since.START);
            }
        }
    }

    /**
     * A twin differs from its lesson in one expect step only, where it flips one figure and the cause (changed, or
     * added where the lesson named none), as its first line says: replayed, that step fails on a figure and on a
     * cause, so that both kinds of verdict are shown able to fail.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void every_lesson_has_an_inverted_twin_that_flips_one_figure_and_the_cause_of_one_expect_step(Path file)
            throws ScenarioException, IOException {
        Path twin = INVERTED.resolve(file.getFileName());
        Scenario lesson = ScenarioParser.parse(file);
        Scenario inverted = ScenarioParser.parse(twin);
        assertThat(inverted.title()).isEqualTo(lesson.title());
        assertThat(inverted.setup()).isEqualTo(lesson.setup());
        assertThat(inverted.steps()).hasSameSizeAs(lesson.steps());
        List<String> changedSteps = new ArrayList<>();
        for (int i = 0; i < lesson.steps().size(); i++) {
            if (lesson.steps().get(i) instanceof Step.Expect a
                    && inverted.steps().get(i) instanceof Step.Expect b) {
                if (!a.describe().equals(b.describe())) {
                    changedSteps.add(b.describe());
                    assertFlips(twin, a, b);
                }
            } else {
                assertThat(inverted.steps().get(i).describe())
                        .isEqualTo(lesson.steps().get(i).describe());
            }
        }
        assertThat(changedSteps).as("changed expect steps of %s", twin).hasSize(1);
    }

    /** One figure's comparison and the cause changed, nothing else, and the first line names both as they are. */
    private static void assertFlips(Path twin, Step.Expect lesson, Step.Expect inverted) throws IOException {
        TwinHeader said = TwinHeader.of(twin);
        assertThat(inverted.since()).as("span of the flipped step of %s", twin).isEqualTo(lesson.since());
        assertThat(inverted.expectations())
                .extracting(Expectation::figure)
                .as("figures of the flipped step of %s", twin)
                .containsExactlyElementsOf(
                        lesson.expectations().stream().map(Expectation::figure).toList());
        List<String> flipped = new ArrayList<>();
        for (int j = 0; j < lesson.expectations().size(); j++) {
            Expectation a = lesson.expectations().get(j);
            Expectation b = inverted.expectations().get(j);
            if (!a.comparison().equals(b.comparison())) {
                flipped.add(a.figure().key() + " " + a.comparison() + " -> " + b.comparison());
            }
        }
        assertThat(flipped)
                .as("flipped figures of %s", twin)
                .containsExactly(said.figure() + " " + said.from() + " -> " + said.to());
        assertThat(inverted.cause()).as("the flipped step's cause in %s", twin).isNotNull();
        assertThat(inverted.cause().causes())
                .as("the cause of the flipped step of %s", twin)
                .isNotEqualTo(
                        lesson.cause() == null ? List.of() : lesson.cause().causes());
        assertThat(named(lesson.cause()) + " -> " + named(inverted.cause()))
                .as("the cause its first line names, in %s", twin)
                .isEqualTo(said.fromCause() + " -> " + said.toCause());
    }

    private static String named(CauseExpectation cause) {
        return cause == null ? "none" : cause.toString().substring("cause: ".length());
    }

    @Test
    void the_complete_example_of_the_format_page_parses() throws IOException, ScenarioException {
        Path page = ROOT.resolve("docs/scenario-format.md");
        String text = Files.readString(page);
        int start = text.indexOf("```yaml\n", text.indexOf("## A complete example")) + "```yaml\n".length();
        String example = text.substring(start, text.indexOf("```", start));

        Scenario s = ScenarioParser.parse(page + " (complete example)", example, page);

        assertThat(s.steps())
                .extracting(Step::getClass)
                .contains(
                        Step.Say.class,
                        Step.Wait.class,
                        Step.Expect.class,
                        Step.ChangeMode.class,
                        Step.Mark.class,
                        Step.Fault.class);
    }

    /**
     * Reading never moves the replay: the dashboard's replay, in either language, hands the lab the same calls at the
     * same instants as the headless one, so that a lesson's faults and verdicts are the same live and in CI.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void a_lesson_replays_the_same_steps_at_the_same_instants_on_the_dashboard_as_headless(Path file) throws Exception {
        Scenario s = ScenarioParser.parse(file);

        List<String> headless = VirtualReplay.headless(s).calls();

        assertThat(headless).as("calls of %s", file).isNotEmpty();
        for (Lang lang : Lang.values()) {
            assertThat(VirtualReplay.dashboard(s, lang, 80, 24).calls())
                    .as("calls of %s on a dashboard in %s", file, lang)
                    .containsExactlyElementsOf(headless);
        }
    }

    /**
     * Every caption is on an 80x24 dashboard, whole, from the moment it is said for at least its reading time at the
     * default pace, in English and in Chinese; the last stays once the scenario is complete. A caption this fails
     * for gets a wait or a shorter text in the scenario, not a weaker test.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void every_caption_of_a_lesson_stays_whole_on_an_80x24_dashboard_for_its_reading_time(Path file) throws Exception {
        Scenario s = ScenarioParser.parse(file);
        for (Lang lang : Lang.values()) {
            VirtualReplay.Result replay = VirtualReplay.dashboard(s, lang, 80, 24);

            assertThat(replay.looks())
                    .as("screens drawn for %s in %s", file, lang)
                    .isPositive();
            assertThat(replay.unread()).as("%s in %s", file, lang).isEmpty();
        }
    }

    private static boolean expectsOneRowPerTick(Step.Expect e) {
        return e.expectations().stream()
                .anyMatch(x -> (x.figure() == Figure.ROWS_PER_TICK
                                && x.comparison().equals(new Comparison(Comparison.Op.EQ, 1)))
                        || (x.figure() == Figure.DUPLICATE_TICKS
                                && x.comparison().test(0)));
    }
}
