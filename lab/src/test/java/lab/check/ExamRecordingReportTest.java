package lab.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./run.sh report} on the kept recording of an exam's trial, in a JVM of its own as the command runs: nothing
 * there has registered mode exam (only an exam's launcher does), yet the report must name the cause the live run named,
 * {@code granted-while-held}. In this test's own JVM another test may have registered the mode already, which would
 * hide the fault: hence the separate process.
 */
class ExamRecordingReportTest {
    private static final Path KEPT = Path.of("src", "test", "resources", "recordings", "granted-while-held");
    private static final Pattern MARK =
            Pattern.compile("<g class=\"mark (duplicate|overlap|missed)\"[^>]*data-cause=\"([a-z-]+)\"");

    @TempDir
    Path dir;

    @Test
    void a_kept_exam_recording_reported_in_a_fresh_jvm_names_granted_while_held_as_the_live_run_did()
            throws IOException, InterruptedException {
        Path run = dir.resolve("20261207-201528-486");
        Files.createDirectories(run);
        try (Stream<Path> files = Files.list(KEPT)) {
            for (Path f : files.toList()) {
                Files.copy(f, run.resolve(f.getFileName()));
            }
        }

        Process report = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx128m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "lab.cli.Main",
                        "report",
                        run.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("report.out").toFile())
                .start();
        boolean ended = report.waitFor(120, TimeUnit.SECONDS);
        if (!ended) {
            report.destroyForcibly();
        }
        String said = Files.readString(dir.resolve("report.out"), StandardCharsets.UTF_8);
        assertThat(ended)
                .as("the report's JVM ended within 120 s; it printed: " + said)
                .isTrue();
        assertThat(report.exitValue())
                .as("the report's exit code; it printed: " + said)
                .isZero();

        String html = Files.readString(run.resolve("report.html"), StandardCharsets.UTF_8);
        List<String> causes = new ArrayList<>();
        Matcher m = MARK.matcher(html);
        while (m.find()) {
            causes.add(m.group(1) + " " + m.group(2));
        }
        // expected.txt beside the recording: two ticks, each run three times by the learner's lock.
        assertThat(causes)
                .as("the report's marks (kind and cause) of " + run)
                .containsExactly("duplicate granted-while-held", "duplicate granted-while-held");
    }
}
