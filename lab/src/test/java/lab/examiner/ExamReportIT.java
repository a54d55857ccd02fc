package lab.examiner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./run.sh report} on the folder an exam's trial left, in a JVM of its own as a learner runs it afterwards:
 * that JVM never loaded the learner's lock, and no service there declares mode exam. The recording's own mode lines
 * describe it, so the report names the causes the live run named on the report card: {@code granted-while-held} for
 * the starter's lock, which grants every caller.
 */
@Tag("slow")
class ExamReportIT {
    private static final Duration LIMIT = Duration.ofMinutes(4);
    private static final Pattern MARK =
            Pattern.compile("<g class=\"mark (duplicate|overlap|missed)\"[^>]*data-cause=\"([a-z-]+)\"");

    @TempDir
    Path dir;

    @Test
    void a_report_of_an_exam_run_read_in_a_fresh_jvm_names_the_causes_the_live_run_named() throws Exception {
        Path json = dir.resolve("card.json");
        Path runs = dir.resolve("runs");
        ExamRun exam = ExamRun.of(
                LIMIT,
                "docs/exercises/Starter.java",
                "--trial",
                "two-at-once",
                "--json",
                json.toString(),
                "--runs-dir",
                runs.toString());
        assertThat(exam.exitCode())
                .as("the exam's exit code; it printed:%n%s", exam.out())
                .isEqualTo(1);
        List<String> live = causes(json);
        assertThat(live).as("the causes the live run named on its card").contains("granted-while-held");
        Path run;
        try (Stream<Path> folders = Files.list(runs)) {
            run = folders.filter(Files::isDirectory).findFirst().orElseThrow();
        }

        Process report = new ProcessBuilder(ExamRun.REPO.resolve("run.sh").toString(), "report", run.toString())
                .directory(ExamRun.REPO.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("report.out").toFile())
                .start();
        boolean ended = report.waitFor(120, TimeUnit.SECONDS);
        if (!ended) {
            report.destroyForcibly();
        }
        String said = Files.readString(dir.resolve("report.out"), StandardCharsets.UTF_8);
        assertThat(ended)
                .as("the report ended within 120 s; it printed: " + said)
                .isTrue();
        assertThat(report.exitValue())
                .as("the report's exit code; it printed: " + said)
                .isZero();

        TreeSet<String> reported = new TreeSet<>();
        Matcher m = MARK.matcher(Files.readString(run.resolve("report.html"), StandardCharsets.UTF_8));
        while (m.find()) {
            reported.add(m.group(2));
        }
        assertThat(reported)
                .as("the causes the report's marks name, read in a JVM of its own, of " + run)
                .containsExactlyInAnyOrderElementsOf(new TreeSet<>(live));
    }

    @SuppressWarnings("unchecked")
    private static List<String> causes(Path card) throws Exception {
        Map<String, Object> all = JSON.std.mapFrom(Files.readString(card));
        Map<String, Object> trial = (Map<String, Object>) ((List<?>) all.get("trials")).get(0);
        return (List<String>) trial.get("causes");
    }
}
