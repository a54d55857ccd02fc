package lab.examiner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A learner's file the exam cannot judge is refused before anything starts, with the file and line the compiler names
 * and exit code 2; nothing is left running. Runs after the package phase: run.sh starts the built jar.
 */
class ExamRefusalIT {
    @TempDir
    Path dir;

    @Test
    void a_file_that_does_not_compile_is_refused_with_its_file_and_line_and_exit_2() throws Exception {
        Path file = Files.writeString(
                dir.resolve("Broken.java"),
                String.join(
                        "\n",
                        "import java.util.Optional;",
                        "import lab.guard.exam.ExamLock;",
                        "public class Broken implements ExamLock {",
                        "    public Optional<Handle> lock(Call call) {",
                        "        return Optional.empty()",
                        "    }",
                        "}",
                        ""));

        ExamRun run = ExamRun.of(Duration.ofMinutes(2), file.toString());

        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.err()).isEqualTo(2);
        assertThat(run.err().lines()).contains(file + ":5: ';' expected");
        assertThat(run.out()).as("nothing started").doesNotContain("ready");
    }

    @Test
    void a_class_that_does_not_implement_the_lock_is_refused_by_its_line_and_exit_2() throws Exception {
        Path file = Files.writeString(
                dir.resolve("NotALock.java"),
                String.join(
                        "\n",
                        "// compiles, but the exam cannot call it",
                        "public class NotALock {",
                        "    public boolean tryLock(String name) {",
                        "        return true;",
                        "    }",
                        "}",
                        ""));

        ExamRun run = ExamRun.of(Duration.ofMinutes(2), file.toString());

        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.err()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo(file + ":2: class NotALock does not implement lab.guard.exam.ExamLock (expected a public"
                        + " class that implements lab.guard.exam.ExamLock)");
        assertThat(run.out()).as("nothing started").doesNotContain("ready");
    }

    @Test
    void a_trial_the_battery_does_not_have_is_refused_naming_those_it_has() throws Exception {
        ExamRun run = ExamRun.of(
                Duration.ofMinutes(2),
                "docs/exercises/Starter.java",
                "--trial",
                "two-at-once",
                "--trial",
                "split-brain");

        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.err()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo("error: Invalid value for option '--trial': 'split-brain' (expected one of two-at-once,"
                        + " fast-job, long-job, paused-holder, holder-killed, server-stopped, server-restarted)");
    }

    @Test
    void a_server_trial_on_a_redis_the_lab_did_not_start_is_refused_before_anything_starts() throws Exception {
        ExamRun run = ExamRun.of(
                Duration.ofMinutes(2),
                "docs/exercises/Starter.java",
                "--redis-url",
                "redis://127.0.0.1:1",
                "--trial",
                "server-stopped");

        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.err()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo("error: Invalid value for option '--trial': 'server-stopped' (expected a trial that leaves"
                        + " Redis running: the lab does not stop or restart a Redis it did not start, --redis-url)");
    }
}
