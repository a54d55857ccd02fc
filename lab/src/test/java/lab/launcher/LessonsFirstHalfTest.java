package lab.launcher;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first half of the quick shipped lessons, each replayed headless with every expectation holding and its twin
 * failing ({@link LessonReplay}). lab/pom.xml forks one test JVM per half and runs the two at once: each lesson is a
 * whole lab run, mostly waiting, and the lessons are the longest part of {@code mvn -B verify}.
 */
// A whole lab run of up to 30 s of waits, plus its start and its servers', beside the other half's.
@org.junit.jupiter.api.Tag("lessons")
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class LessonsFirstHalfTest {
    @TempDir
    Path runs;

    static Stream<Path> lessons() throws IOException {
        return LessonReplay.quickLessons(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void a_shipped_lesson_replays_headless_with_every_expectation_holding_and_its_inverted_twin_failing(Path lesson)
            throws IOException {
        LessonReplay.replaysWithItsTwin(runs, lesson);
    }
}
