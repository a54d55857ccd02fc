package lab.course;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped course's order and names, and the learner's progress in the user's own folder. */
class CourseTest {
    private static final Path SCENARIOS =
            Path.of("").toAbsolutePath().getParent().resolve("scenarios");
    private static final Instant T = Instant.parse("2026-12-06T04:00:00Z");

    @TempDir
    Path home;

    @Test
    void a_lesson_is_found_by_its_number_with_or_without_zeros_or_by_its_name_and_10_alone_names_two()
            throws Exception {
        Course course = Course.in(SCENARIOS);

        assertThat(course.find("7").lesson().map(Lesson::name)).contains("07-fast-job");
        assertThat(course.find("07").lesson().map(Lesson::name)).contains("07-fast-job");
        assertThat(course.find("10a").lesson().map(Lesson::name)).contains("10a-killed-holder");
        assertThat(course.find("03-redis").lesson().map(Lesson::number)).contains("3");
        assertThat(course.find("10").lesson()).isEmpty();
        assertThat(course.find("10").expected()).isEqualTo("one lesson: 10a, 10b");
        assertThat(course.find("99").expected())
                .startsWith("a lesson's number: 1, 2, 3,")
                .endsWith(", 24");
    }

    @Test
    void the_next_lesson_is_the_first_not_passed_that_this_machine_can_play() throws Exception {
        Course course = Course.in(SCENARIOS);
        Progress progress = Progress.read(home.resolve("progress.tsv"));

        assertThat(course.next(progress, l -> Optional.empty()).map(Lesson::name))
                .contains("01-naive");

        progress.record("01-naive", Progress.Result.PASSED, T);
        progress.record("02-local-mutex", Progress.Result.FAILED, T);
        assertThat(course.next(progress, l -> Optional.empty()).map(Lesson::name))
                .contains("02-local-mutex");
        assertThat(course.next(progress, l -> l.number().equals("2") ? Optional.of("no") : Optional.empty())
                        .map(Lesson::name))
                .contains("03-redis");
    }

    @Test
    void progress_is_written_at_once_read_back_and_a_lesson_once_passed_stays_passed() throws Exception {
        Path file = Progress.fileFor(Map.of(), home);
        Progress progress = Progress.read(file);
        progress.record("03-redis", Progress.Result.PASSED, T);
        progress.record("03-redis", Progress.Result.FAILED, T.plusSeconds(60));

        Progress again = Progress.read(file);

        assertThat(file).isEqualTo(home.resolve(".local/state/scheduler-lock-lab/progress.tsv"));
        assertThat(again.passed("03-redis")).isTrue();
        assertThat(again.of("03-redis")).contains(new Progress.Entry(Progress.Result.FAILED, T.plusSeconds(60), true));
        assertThat(again.passed("04-postgres-try")).isFalse();
        assertThat(Files.readString(file)).isEqualTo("03-redis\tFAILED\t2026-12-06T04:01:00Z\ttrue\n");
    }

    @Test
    void the_progress_file_follows_XDG_STATE_HOME_when_it_is_an_absolute_path() {
        assertThat(Progress.fileFor(Map.of("XDG_STATE_HOME", "/var/state"), home))
                .isEqualTo(Path.of("/var/state/scheduler-lock-lab/progress.tsv"));
        // The XDG rule: a relative value is invalid and ignored.
        assertThat(Progress.fileFor(Map.of("XDG_STATE_HOME", "state"), home))
                .isEqualTo(home.resolve(".local/state/scheduler-lock-lab/progress.tsv"));
    }
}
