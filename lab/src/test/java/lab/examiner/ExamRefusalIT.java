package lab.examiner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A learner's file or a command line the exam cannot judge is refused before anything starts: one line, with the file
 * and line where it is about the file, and exit code 2; no worker and no server was started, and nothing is left
 * running. Every refusal the exam gives has its test here. Runs after the package phase: run.sh starts the built jar.
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

        assertRefused(ExamRun.of(Duration.ofMinutes(2), file.toString()), file + ":5: ';' expected");
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

        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), file.toString()),
                file + ":2: class NotALock does not implement lab.guard.exam.ExamLock (expected a public class that"
                        + " implements lab.guard.exam.ExamLock)");
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

        assertRefused(
                run,
                "error: Invalid value for option '--trial': 'split-brain' (expected one of two-at-once, fast-job,"
                        + " long-job, paused-holder, holder-killed, server-stopped, server-restarted)");
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

        assertRefused(
                run,
                "error: Invalid value for option '--trial': 'server-stopped' (expected a trial that leaves Redis"
                        + " running: the lab does not stop or restart a Redis it did not start, --redis-url)");
    }

    /** Exit 2, the one line on stderr, nothing on stdout but for the usage, and no worker or server ever started. */
    private static void assertRefused(ExamRun run, String line) {
        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.err()).isEqualTo(2);
        assertThat(run.err().lines().filter(l -> !l.isBlank()).findFirst())
                .as("the refusal's line; stderr:%n%s", run.err())
                .hasValue(line);
        assertThat(run.out()).as("nothing started").doesNotContain("exam: ").doesNotContain("ready");
        assertThat(run.workersAndServers()).as("workers and servers started").isEmpty();
    }

    /** A file of {@code lines} in the test's folder. */
    private Path file(String name, String... lines) throws Exception {
        return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
    }

    /** A lock that grants nothing, for a class the exam refuses for what it is, not for what it does. */
    private static final String[] LOCK_BODY = {
        "    @Override", "    public Optional<Handle> lock(Call call) {", "        return Optional.empty();", "    }",
    };

    private static String[] concat(String[] head, String[] body, String... tail) {
        List<String> all = new ArrayList<>(List.of(head));
        all.addAll(List.of(body));
        all.addAll(List.of(tail));
        return all.toArray(String[]::new);
    }

    @Test
    void a_file_that_is_not_a_java_file_is_refused_before_it_is_read() throws Exception {
        Path notes = file("MyLock.txt", "public class MyLock {}");

        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), notes.toString()),
                "error: FILE: '" + notes + "' (expected a .java file)");
    }

    @Test
    void a_file_that_does_not_exist_is_refused_naming_it() throws Exception {
        Path missing = dir.resolve("Missing.java");

        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), missing.toString()),
                "error: FILE: '" + missing + "' (expected a readable .java file)");
    }

    @Test
    void a_file_without_a_public_class_is_refused_at_its_first_line() throws Exception {
        Path hidden = file(
                "Hidden.java",
                concat(
                        new String[] {
                            "import java.util.Optional;",
                            "import lab.guard.exam.ExamLock;",
                            "class Hidden implements ExamLock {"
                        },
                        LOCK_BODY,
                        "}"));

        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), hidden.toString()),
                hidden + ":1: no public class in this file (expected a public class that implements"
                        + " lab.guard.exam.ExamLock)");
    }

    @Test
    void a_public_interface_is_refused_by_its_line_as_no_class() throws Exception {
        Path iface = file(
                "Shape.java", "import lab.guard.exam.ExamLock;", "", "public interface Shape extends ExamLock {", "}");

        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), iface.toString()),
                iface + ":3: Shape is not a class (expected a public class that implements lab.guard.exam.ExamLock)");
    }

    @Test
    void an_abstract_class_is_refused_by_its_line_as_one_the_workers_cannot_make() throws Exception {
        Path half = file(
                "Half.java",
                concat(
                        new String[] {
                            "import java.util.Optional;",
                            "import lab.guard.exam.ExamLock;",
                            "// the lock is written, the class is still abstract",
                            "public abstract class Half implements ExamLock {"
                        },
                        LOCK_BODY,
                        "}"));

        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), half.toString()),
                half + ":4: class Half is abstract (expected a class the workers can make)");
    }

    @Test
    void a_class_without_a_public_constructor_without_arguments_is_refused_by_its_line() throws Exception {
        Path picky = file(
                "Picky.java",
                concat(
                        new String[] {
                            "import java.util.Optional;",
                            "import lab.guard.exam.ExamLock;",
                            "public class Picky implements ExamLock {",
                            "    private final String prefix;",
                            "    public Picky(String prefix) {",
                            "        this.prefix = prefix;",
                            "    }"
                        },
                        LOCK_BODY,
                        "}"));

        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), picky.toString()),
                picky + ":3: class Picky has no public constructor without arguments (expected one: each worker"
                        + " makes its own)");
    }

    @Test
    void the_trial_that_restarts_redis_is_refused_on_a_redis_the_lab_did_not_start() throws Exception {
        ExamRun run = ExamRun.of(
                Duration.ofMinutes(2),
                "docs/exercises/Starter.java",
                "--redis-url",
                "redis://127.0.0.1:1",
                "--trial",
                "two-at-once",
                "--trial",
                "server-restarted");

        assertRefused(
                run,
                "error: Invalid value for option '--trial': 'server-restarted' (expected a trial that leaves Redis"
                        + " running: the lab does not stop or restart a Redis it did not start, --redis-url)");
    }

    @Test
    void a_redis_url_that_is_no_redis_url_and_a_language_the_lab_does_not_speak_are_refused_naming_the_option()
            throws Exception {
        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), "docs/exercises/Starter.java", "--redis-url", "localhost:6379"),
                "error: Invalid value for option '--redis-url': 'localhost:6379' (expected redis://host:port or"
                        + " redis://:password@host:port/db) (see --help)");
        assertRefused(
                ExamRun.of(Duration.ofMinutes(2), "docs/exercises/Starter.java", "--lang", "fr"),
                "error: Invalid value for option '--lang': 'fr' (expected en or zh) (see --help)");
    }
}
