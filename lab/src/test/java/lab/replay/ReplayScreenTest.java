package lab.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.check.Finding;
import lab.headless.EventLine;
import lab.protocol.Event;
import lab.protocol.LabFact;
import lab.store.CounterRow;
import org.junit.jupiter.api.Test;

/**
 * A kept recording of lesson 12 (a holder paused past its lease) replayed at 80x24, each screen compared with the
 * recording's own facts: the caption said last, the verdicts judged so far, the newest row of the counter table with
 * its duplicate mark, and the why line of the newest finding due.
 */
class ReplayScreenTest {
    static final Path LESSON_12 = Path.of("src", "test", "resources", "recordings", "paused-holder");
    private static final ZoneId ZONE = ZoneId.systemDefault();

    @Test
    void stepping_through_a_lesson_shows_its_captions_verdicts_rows_and_why_lines_as_recorded() throws Exception {
        Set<String> verdictsSeen = new HashSet<>();
        Set<Finding> whysSeen = new HashSet<>();
        try (ReplayScreen replay = new ReplayScreen(LESSON_12)) {
            RecordedRun r = replay.recording;
            Instant t = r.start();
            while (t.isBefore(r.end())) {
                String screen = replay.press('.');
                t = replay.player.position();
                assertThat(screen).contains("REPLAY").contains("paused");
                Event caption = last(r, t, LabFact.Caption.class);
                if (caption != null) {
                    String text = ((LabFact.Caption) caption.fact()).text();
                    assertThat(screen).as("the caption said last by %s", t).contains(text.substring(0, 30));
                }
                CounterRow row = newestRow(r, t);
                if (row != null) {
                    long sameTick = r.rows().stream()
                            .filter(x -> x.tickAt().equals(row.tickAt())
                                    && !x.createdAt().isAfter(replay.player.position()))
                            .count();
                    Pattern line = Pattern.compile("(?m)^\\s+" + row.id() + " " + EventLine.tick(row.tickAt(), ZONE)
                            + " " + row.worker() + " .*" + (sameTick > 1 ? "DUP ×" + sameTick : "") + ".*$");
                    assertThat(screen).as("row %d at %s", row.id(), t).containsPattern(line);
                }
                Finding why = newestDue(r, t);
                // The captions take their rows from the why line first, as on the live dashboard: when it is on
                // screen, it is the newest finding due.
                if (screen.lines().anyMatch(l -> l.startsWith("why"))) {
                    assertThat(why).as("a why line at %s with nothing due", t).isNotNull();
                    assertThat(screen)
                            .as("the why line at %s", t)
                            .containsPattern(why.cause().wireName() + ".{1,4}"
                                    + (why.kind() == Finding.Kind.OVERLAP
                                            ? "overlap"
                                            : "tick " + EventLine.tick(why.tick(), ZONE)));
                    whysSeen.add(why);
                }
                // The bar holds the verdicts judged by now, newest last; a small screen shows the newest of them.
                List<String> judged = new ArrayList<>();
                for (Event e : r.events()) {
                    if (e.fact() instanceof LabFact.Verdict v && !e.ts().isAfter(t)) {
                        judged.add((v.passed() ? "PASS " : "FAIL ") + v.text());
                    }
                }
                assertThat(replay.player.snapshot().scenario().verdicts()).isEqualTo(judged);
                if (!judged.isEmpty()) {
                    String newest = judged.get(judged.size() - 1);
                    assertThat(screen).as("the newest verdict at %s", t).contains(newest.substring(0, 30));
                    verdictsSeen.add(newest.substring(5));
                }
            }
            List<String> verdicts = new ArrayList<>();
            r.events().stream()
                    .filter(e -> e.fact() instanceof LabFact.Verdict)
                    .forEach(e -> verdicts.add(((LabFact.Verdict) e.fact()).text()));
            assertThat(verdicts).isNotEmpty();
            assertThat(verdicts).containsAll(verdictsSeen);
            assertThat(verdictsSeen)
                    .as("the last verdict of each expectation")
                    .contains(verdicts.get(verdicts.size() - 1));
            assertThat(r.findings()).extracting(Finding::kind).contains(Finding.Kind.DUPLICATE, Finding.Kind.MISSED);
            assertThat(whysSeen)
                    .as("every duplicate and missed tick on a why line")
                    .containsAll(r.findings().stream()
                            .filter(f -> f.kind() != Finding.Kind.OVERLAP)
                            .toList());
        }
    }

    @Test
    void stepping_back_and_forth_over_the_paused_holders_tick_shows_the_same_rows_and_why_line() throws Exception {
        try (ReplayScreen replay = new ReplayScreen(LESSON_12)) {
            String landed = replay.press('g');
            Finding dup = replay.recording.findings().stream()
                    .filter(f -> f.kind() == Finding.Kind.DUPLICATE)
                    .findFirst()
                    .orElseThrow();
            assertThat(landed)
                    .containsPattern("paused-holder.{1,4}tick " + EventLine.tick(dup.tick(), ZONE))
                    .contains("DUP ×2");
            String after = replay.press('.');
            assertThat(after).isNotEqualTo(landed);
            String back = replay.press(',');
            String again = replay.press(',');
            String forth = replay.press('.');
            assertThat(middle(back)).isEqualTo(middle(forth));
            assertThat(again).isNotEqualTo(back);
            assertThat(middle(back))
                    .as("the rows and the why line, as g showed them")
                    .contains(rowsAndWhy(landed));
        }
    }

    @Test
    void g_lands_on_each_duplicate_and_missed_tick_in_order_with_its_why_line() throws Exception {
        try (ReplayScreen replay = new ReplayScreen(LESSON_12)) {
            List<Finding> expected = replay.recording.findings().stream()
                    .filter(f -> f.kind() != Finding.Kind.OVERLAP)
                    .toList();
            assertThat(expected).hasSizeGreaterThanOrEqualTo(2);
            for (Finding f : expected) {
                String screen = replay.press('g');
                assertThat(screen)
                        .containsPattern(Pattern.compile(
                                "why[^:]*: " + f.cause().wireName() + ".{1,4}tick " + EventLine.tick(f.tick(), ZONE)
                                        + " " + (f.kind() == Finding.Kind.MISSED ? "missed" : "ran")));
            }
            assertThat(replay.press('g')).contains("no duplicate or missed tick after");
        }
    }

    @Test
    void a_key_that_would_change_a_live_lab_is_refused_in_one_line_and_changes_nothing() throws Exception {
        try (ReplayScreen replay = new ReplayScreen(LESSON_12)) {
            replay.press('.');
            Instant at = replay.player.position();
            assertThat(replay.press('k')).contains("a replay cannot kill a worker: it plays a recording");
            assertThat(replay.press('3')).contains("a replay cannot switch to mode");
            assertThat(replay.player.position()).isEqualTo(at);
            assertThat(replay.press(']')).contains("REPLAY 2x");
        }
    }

    @Test
    void a_replay_forks_nothing_and_listens_on_no_port() throws Exception {
        // Compared with before, not with none: the test JVM may still hold servers an earlier test class started.
        Set<Long> children = children();
        Set<String> listening = listeningSockets();
        try (ReplayScreen replay = new ReplayScreen(LESSON_12)) {
            for (int i = 0; i < 5; i++) {
                replay.press('.');
            }
            assertThat(children()).as("child processes").isSubsetOf(children);
            assertThat(listeningSockets()).isEqualTo(listening);
        }
    }

    private static Set<Long> children() {
        return ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    /** The sockets of this process that listen for TCP connections: their inodes, found in /proc. */
    private static Set<String> listeningSockets() throws IOException {
        Set<String> listening = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (Files.isReadable(p)) {
                // Read once: other processes open and close sockets while it is read.
                List<String> lines = Files.readAllLines(p);
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && f[3].equals("0A")) { // TCP_LISTEN
                        listening.add(f[9]);
                    }
                }
            }
        }
        Set<String> own = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        own.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException gone) {
                    // a descriptor closed while listed
                }
            }
        }
        own.retainAll(listening);
        return own;
    }

    /** The screen without its header: the header says where the replay is, and stepping changes only that. */
    private static String middle(String screen) {
        return screen.substring(screen.indexOf('\n', screen.indexOf('\n') + 1) + 1);
    }

    /** The counter table's rows and the why line, as they stand on a screen. */
    private static String rowsAndWhy(String screen) {
        StringBuilder sb = new StringBuilder();
        for (String line : screen.split("\n")) {
            if (line.matches("^\\s+\\d+ \\d\\d:\\d\\d:\\d\\d .*") || line.startsWith("why")) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    private static Event last(RecordedRun r, Instant t, Class<?> kind) {
        Event last = null;
        for (Event e : r.events()) {
            if (!e.ts().isAfter(t) && kind.isInstance(e.fact())) {
                last = e;
            }
        }
        return last;
    }

    private static CounterRow newestRow(RecordedRun r, Instant t) {
        CounterRow newest = null;
        for (CounterRow row : r.rows()) {
            if (!row.createdAt().isAfter(t)) {
                newest = row;
            }
        }
        return newest;
    }

    /** The finding whose evidence was complete last by {@code t}, a tick's before its overlap: the why line's. */
    private static Finding newestDue(RecordedRun r, Instant t) {
        Finding newest = null;
        for (Finding f : r.findings()) {
            boolean later = newest == null
                    || r.due(f).isAfter(r.due(newest))
                    || r.due(f).equals(r.due(newest)) && newest.kind() == Finding.Kind.OVERLAP;
            if (!r.due(f).isAfter(t) && later) {
                newest = f;
            }
        }
        return newest;
    }
}
