package lab.examiner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A learner's lock that never answers, or throws, fails its trial with the lab's words for it, and the exam ends with
 * nothing left running. Each plays one or two trials of the battery in a real lab (25 to 45 s).
 */
@Tag("slow")
class ExamLearnerFaultsIT {
    @TempDir
    Path dir;

    @Test
    void a_lock_that_sleeps_for_ever_fails_its_trial_saying_it_did_not_answer_within_5_s() throws Exception {
        Path file = Files.writeString(
                dir.resolve("Sleeper.java"),
                String.join(
                        "\n",
                        "import java.util.Optional;",
                        "import lab.guard.exam.ExamLock;",
                        "public class Sleeper implements ExamLock {",
                        "    public Optional<Handle> lock(Call call) throws Exception {",
                        "        Thread.sleep(Long.MAX_VALUE);",
                        "        return Optional.empty();",
                        "    }",
                        "}",
                        ""));

        ExamRun run = ExamRun.of(
                Duration.ofMinutes(3),
                file.toString(),
                "--trial",
                "two-at-once",
                "--trial",
                "fast-job",
                "--runs-dir",
                dir.toString(),
                "--json",
                dir.resolve("card.json").toString());

        assertThat(run.exitCode())
                .as("exit code; stdout:%n%s%nstderr:%n%s", run.out(), run.err())
                .isEqualTo(1);
        // Every worker's call hung: each was killed and started afresh before the next trial.
        assertThat(run.cardLine("two-at-once"))
                .contains("FAIL")
                .containsPattern("w\\d - your lock did not answer within 5 s \\(Sleeper\\.lock\\)")
                .contains("its workers restarted: w1, w2, w3")
                .contains("read docs/lessons/03-redis.md");
        assertThat(Files.readString(dir.resolve("card.json")))
                .as("the card's JSON: what the lab said of each restart")
                .containsPattern("restarted w1: pid \\d+ → \\d+");
        assertThat(run.cardLine("fast-job")).contains("FAIL").contains("your lock did not answer within 5 s");
        assertThat(run.out()).contains("passed 0 of 2 trials: two-at-once, fast-job failed");
    }

    @Test
    void a_lock_that_throws_fails_its_trial_shown_with_its_own_file_and_line() throws Exception {
        Path file = Files.writeString(
                dir.resolve("Thrower.java"),
                String.join(
                        "\n",
                        "import java.util.Optional;",
                        "import lab.guard.exam.ExamLock;",
                        "public class Thrower implements ExamLock {",
                        "    public Optional<Handle> lock(Call call) {",
                        "        throw new IllegalStateException(\"boom\");",
                        "    }",
                        "}",
                        ""));

        ExamRun run = ExamRun.of(
                Duration.ofMinutes(3), file.toString(), "--trial", "two-at-once", "--runs-dir", dir.toString());

        assertThat(run.exitCode())
                .as("exit code; stdout:%n%s%nstderr:%n%s", run.out(), run.err())
                .isEqualTo(1);
        assertThat(run.cardLine("two-at-once"))
                .contains("FAIL")
                .containsPattern("w\\d - your lock threw: Thrower\\.java:5: IllegalStateException: boom");
    }
}
