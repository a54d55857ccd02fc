package lab.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import lab.report.BadRunFolder;
import lab.report.PackedRun;
import lab.report.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run packed as one file, carried to a fresh folder, replays and reports as its folder does; what is not a run, a
 * recording cut short and a file from a newer lab are each refused (or played and then refused) in one line.
 */
class ReplayFilesTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** The kept lesson 12, as a run folder of its own name. */
    private Path runFolder() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("home").resolve("20261203-165326-702"));
        try (Stream<Path> files = Files.list(ReplayScreenTest.LESSON_12)) {
            for (Path f : files.toList()) {
                Files.copy(f, run.resolve(f.getFileName()));
            }
        }
        return run;
    }

    @Test
    void a_packed_run_copied_to_a_fresh_folder_replays_and_gives_the_same_report_page() throws Exception {
        Path run = runFolder();
        Path packed = tmp.resolve("home").resolve("lesson-12.zip");
        assertThat(Replay.pack(run, packed, print(out), print(err))).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("lesson-12.zip")
                .contains("packed");
        Path fresh = Files.createDirectories(tmp.resolve("room"));
        Path copy = Files.copy(packed, fresh.resolve("lesson-12.zip"));

        RecordedRun fromFolder = Replay.open(run);
        RecordedRun fromFile = Replay.open(copy);
        assertThat(fromFile.events()).isEqualTo(fromFolder.events());
        assertThat(fromFile.rows()).isEqualTo(fromFolder.rows());
        assertThat(fromFile.findings()).isEqualTo(fromFolder.findings());

        String page = Files.readString(Report.write(run));
        Path fileReport = Report.write(copy);
        assertThat(fileReport).isEqualTo(fresh.resolve("lesson-12.zip.report.html"));
        assertThat(Files.readString(fileReport)).isEqualTo(page);
    }

    @Test
    void a_folder_that_is_not_a_run_is_refused_in_one_line() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> Replay.open(empty))
                .isInstanceOf(BadRunFolder.class)
                .hasMessageContaining("events.jsonl")
                .hasMessageNotContaining("\n");
        assertThat(Replay.pack(empty, tmp.resolve("x.zip"), print(out), print(err)))
                .isEqualTo(Replay.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).hasSize(1);
        assertThat(tmp.resolve("x.zip")).doesNotExist();
    }

    @Test
    void a_file_that_is_not_a_packed_run_is_refused_in_one_line() throws Exception {
        Path notes = Files.writeString(tmp.resolve("notes.txt"), "not a zip\n");
        assertThatThrownBy(() -> Replay.open(notes))
                .isInstanceOf(BadRunFolder.class)
                .hasMessageContaining("notes.txt: expected a run folder or a file packed by ./run.sh replay")
                .hasMessageNotContaining("\n");
    }

    @Test
    void a_file_from_a_newer_lab_names_its_format() throws Exception {
        Path newer = tmp.resolve("newer.zip");
        try (OutputStream o = Files.newOutputStream(newer);
                ZipOutputStream zip = new ZipOutputStream(o)) {
            zip.putNextEntry(new ZipEntry("lab-pack.properties"));
            zip.write(("format=" + (PackedRun.FORMAT + 1) + "\nrun=r\n").getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        assertThatThrownBy(() -> Replay.open(newer))
                .isInstanceOf(BadRunFolder.class)
                .hasMessageContaining("packed by a newer version of the lab (pack format " + (PackedRun.FORMAT + 1)
                        + "; this lab reads format " + PackedRun.FORMAT);
    }

    @Test
    void a_recording_cut_short_plays_to_its_end_and_says_so() throws Exception {
        Path run = runFolder();
        // The launcher killed as it wrote, before it counted the table: no count, no tables, the recording as far as
        // it went, its last line torn half-way.
        Path events = run.resolve("events.jsonl");
        List<String> lines = Files.readAllLines(events);
        List<String> kept = lines.subList(0, lines.size() / 2).stream()
                .filter(l -> !l.contains("\"event\":\"counted\""))
                .toList();
        String torn = lines.get(lines.size() / 2);
        Files.writeString(events, String.join("\n", kept) + "\n" + torn.substring(0, torn.length() / 2));
        Files.delete(run.resolve("counter.csv"));

        RecordedRun r = Replay.open(run);
        assertThat(r.cutShort()).contains("recording cut short").contains("without counter.csv");
        try (ReplayScreen replay = new ReplayScreen(run)) {
            assertThat(replay.text()).contains("recording cut short");
            String last = "";
            while (replay.player.position().isBefore(r.end())) {
                last = replay.press('.');
            }
            assertThat(last).contains("at the end").contains("played to its end; recording cut short");
        }
        assertThat(Replay.finish(r, print(err))).isEqualTo(Replay.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8).lines())
                .singleElement()
                .asString()
                .contains("recording cut short");
    }

    private static PrintStream print(ByteArrayOutputStream b) {
        return new PrintStream(b, true, StandardCharsets.UTF_8);
    }
}
