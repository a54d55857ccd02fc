package lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report} refuses what is not a run folder with one line naming the file (and line) and what it expected. */
class ReportBadInputTest {
    private static final String READY =
            "{\"ts\":\"2026-12-01T10:00:00Z\",\"worker\":\"w1\",\"pid\":7,\"event\":\"ready\",\"mode\":\"naive\"}";

    @TempDir
    Path dir;

    record Said(int code, String out, String err) {}

    private static Said report(Path folder) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(
                new String[] {"report", folder.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Said(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void a_folder_that_does_not_exist_is_bad_input() {
        Said s = report(dir.resolve("nope"));
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.err())
                .isEqualTo("error: " + dir.resolve("nope") + ": expected a run folder"
                        + " (runs/<yyyyMMdd-HHmmss-SSS>), found nothing\n");
    }

    @Test
    void a_folder_without_events_jsonl_is_bad_input() {
        Said s = report(dir);
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.err()).startsWith("error: " + dir.resolve("events.jsonl") + ": expected the session's recording");
        assertThat(s.err().lines()).hasSize(1);
    }

    @Test
    void a_broken_event_line_is_named_by_its_file_and_line() throws Exception {
        Files.writeString(dir.resolve("events.jsonl"), READY + "\n{\"ts\":\"yesterday\"}\n");
        Said s = report(dir);
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.err()).startsWith("error: " + dir.resolve("events.jsonl") + ":2: not an event line");
        assertThat(s.err().lines()).hasSize(1);
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void a_last_line_torn_by_a_launcher_killed_as_it_wrote_is_left_out_and_the_rest_reported() throws Exception {
        String torn = READY.replace("w1", "w2").substring(0, 40);
        Files.writeString(dir.resolve("events.jsonl"), READY + "\n" + torn);
        Said s = report(dir);
        assertThat(s.code()).as(s.err()).isZero();
        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("data-worker=\"w1\"").doesNotContain("data-worker=\"w2\"");
    }

    @Test
    void a_broken_last_line_that_ends_with_a_newline_is_still_named_by_its_file_and_line() throws Exception {
        Files.writeString(dir.resolve("events.jsonl"), READY + "\n" + READY.substring(0, 40) + "\n");
        Said s = report(dir);
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.err()).startsWith("error: " + dir.resolve("events.jsonl") + ":2: ");
    }

    @Test
    void a_broken_counter_csv_line_is_named_by_its_file_and_line() throws Exception {
        Files.writeString(dir.resolve("events.jsonl"), READY + "\n");
        Files.writeString(dir.resolve("counter.csv"), "id,created_at,tick_at,started_at,worker,pid,mode\n1,2\n");
        Said s = report(dir);
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.err())
                .isEqualTo("error: " + dir.resolve("counter.csv") + ":2: expected 7 fields"
                        + " (id,created_at,tick_at,started_at,worker,pid,mode), found 2\n");
    }

    @Test
    void a_recording_alone_is_reported_and_says_what_it_could_not_count() throws Exception {
        Files.writeString(dir.resolve("events.jsonl"), READY + "\n");
        Said s = report(dir);
        assertThat(s.code()).as(s.err()).isZero();
        assertThat(s.out()).isEqualTo(dir.resolve("report.html") + "\n");
        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("data-worker=\"w1\"", "no counter.csv in this folder", "No summary.json");
        // Self-contained: nothing to fetch (the SVG namespace is a name, not a download).
        assertThat(html).doesNotContainPattern("(src|href)=\"https?:").doesNotContain("@import");
    }
}
