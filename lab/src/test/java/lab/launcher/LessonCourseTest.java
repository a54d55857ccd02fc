package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The course for a learner alone, as {@code ./run.sh lesson} runs it on a fresh machine: lesson 1, then lesson 2 on
 * the next call, and the list says both passed. Progress goes to the user's own state folder.
 */
class LessonCourseTest {
    /** Surefire runs in lab/: the lab's folder, with scenarios/ and docs/, is its parent. */
    private static final Path LAB = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path work;

    private List<String> lesson(String... args) throws Exception {
        String[] all = new String[args.length + 1];
        all[0] = "lesson";
        System.arraycopy(args, 0, all, 1, args.length);
        try (LauncherProcess lab = LauncherProcess.start(
                LAB, Map.of("XDG_STATE_HOME", work.resolve("state").toString()), all)) {
            assertThat(lab.awaitExit(Duration.ofSeconds(120)))
                    .as("exit code; stdout: %s; stderr: %s", lab.out, lab.err)
                    .isZero();
            return List.copyOf(lab.out);
        }
    }

    @Test
    void lesson_plays_lesson_1_then_lesson_2_and_the_list_shows_both_passed() throws Exception {
        String runs = work.resolve("runs").toString();

        List<String> first = lesson("--headless", "--runs-dir", runs, "--lang", "en");
        List<String> second = lesson("--headless", "--runs-dir", runs, "--lang", "en");
        List<String> list = lesson("--list", "--lang", "en");

        assertThat(first)
                .as(String.join("\n", first))
                .anySatisfy(l -> assertThat(l).startsWith("Lesson 1 (1/"))
                .anySatisfy(l -> assertThat(l).startsWith("  - "))
                .anySatisfy(l -> assertThat(l).startsWith("  Measured with: Java "))
                .anySatisfy(l -> assertThat(l).startsWith("verdict: PASS"))
                .anySatisfy(l -> assertThat(l).startsWith("Lesson 1 passed."))
                .anySatisfy(l -> assertThat(l).startsWith("Next: ./run.sh lesson (lesson 2: "));
        assertThat(second)
                .as(String.join("\n", second))
                .anySatisfy(l -> assertThat(l).startsWith("Lesson 2 (2/"))
                .anySatisfy(l -> assertThat(l).startsWith("Lesson 2 passed. Progress: 2/"));
        assertThat(list)
                .as(String.join("\n", list))
                .anySatisfy(l -> assertThat(l).matches("1 +passed +Four workers.*"))
                .anySatisfy(l -> assertThat(l).matches("2 +passed +A mutex.*"))
                .anySatisfy(l -> assertThat(l).matches("3 +next +A Redis lock.*"));
        assertThat(Files.readAllLines(work.resolve("state/scheduler-lock-lab/progress.tsv")))
                .extracting(l -> l.split("\t")[0] + " " + l.split("\t")[1])
                .containsExactly("01-naive PASSED", "02-local-mutex PASSED");
    }
}
