package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.session.Cell;
import lab.session.LabSnapshot;
import lab.session.ServerInfo;
import lab.session.TimelineView;
import lab.session.WorkerView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DashboardRendererTest {

    @Test
    void below_80x24_a_too_small_screen_says_so_instead_of_the_panels() {
        LabSnapshot s = SnapshotFixture.withWorkers(4).tick(0, "naive", 4).build();

        Rendered screen = Rendered.render(s, Rendered.COLOUR_UTF8, 60, 20, false);

        assertThat(screen.text()).contains("Terminal too small: 60x20", "needs at least 80x24", "q to quit");
        assertThat(screen.text()).doesNotContain("DUP", "Counter table");
    }

    @Test
    void one_column_short_is_already_too_small() {
        Rendered screen = Rendered.render(SnapshotFixture.withWorkers(4).build(), Rendered.COLOUR_UTF8, 79, 24, false);

        assertThat(screen.text()).contains("Terminal too small: 79x24");
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"80, 24", "100, 30", "132, 43", "200, 60"})
    void every_panel_shows_its_title_at_any_size_from_80x24(int columns, int rows) {
        SnapshotFixture f = SnapshotFixture.withWorkers(8).tick(0, "naive", 4).naiveTimeline(30);
        f.events.add("10:34:18.002 w3 executed tick 10:34:18");
        f.scenario = new lab.session.ScenarioView("t", "c", 1, 2, List.of("PASS rows: expected 1, got 1"), false);

        Rendered screen = Rendered.render(f.build(), Rendered.COLOUR_UTF8, columns, rows, false);

        assertThat(screen.text())
                .as(screen.text())
                .contains(
                        "NAIVE", " id ", "Counter table", "Lock: none", "Timeline", "Events", "Scenario: t", "? help");
    }

    @Test
    void the_mode_is_written_large_and_by_name_with_the_knobs_and_each_servers_state() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.mode = "local-mutex";
        f.servers.add(new ServerInfo("redis", "127.0.0.1:6390", "ready", 120, "machine 7.0.15", "", ""));
        f.servers.add(new ServerInfo("postgres", "127.0.0.1:6391", "down", 0, "embedded 14.22", "", ""));

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.lines().get(0))
                .startsWith("  MODE")
                .contains("4 workers · every 2s · task 200ms · ttl 5s · store h2");
        assertThat(screen.lines().get(1))
                .startsWith("  LOCAL-MUTEX")
                .contains("redis ready (machine 7.0.15)", "postgres down (embedded 14.22)");
    }

    @Test
    void a_worker_row_shows_id_pid_port_state_mode_outcome_counts_and_whether_it_holds_the_lock() {
        SnapshotFixture f = SnapshotFixture.withWorkers(0);
        f.workers.add(new WorkerView("w2", 4242, 40002, "paused", "redis", "skipped", 3, 7, 1, true, false));

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text())
                .contains(" w2   4242     40002  paused    redis        skipped      3      7     1  HOLDS");
    }

    @Test
    void a_mode_name_longer_than_its_column_is_cut_with_a_space_before_the_outcome() {
        SnapshotFixture f = SnapshotFixture.withWorkers(0);
        f.workers.add(new WorkerView("w1", 4241, 40001, "up", "quartz-cluster", "executed", 5, 0, 0, false, false));

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text()).contains(" w1   4241     40001  up        quartz-clust executed     5");
    }

    @Test
    void the_timeline_draws_one_lane_per_worker_and_marks_duplicate_ticks_and_mode_switches() {
        SnapshotFixture f = SnapshotFixture.withWorkers(2);
        Instant a = SnapshotFixture.T0;
        Instant b = a.plusSeconds(2);
        Instant c = a.plusSeconds(4);
        f.timeline = new TimelineView(
                List.of(a, b, c),
                Map.of(
                        "w1",
                        List.of(Cell.RAN, Cell.RAN, Cell.ERROR),
                        "w2",
                        List.of(Cell.RAN, Cell.SKIPPED, Cell.NOT_ALIVE)),
                Set.of(a),
                Map.of(b, "redis"));

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text()).contains("Timeline, last 3 ticks", "mode  ▼redis", "dup  !", "w1   RRE", "w2   Rsx");
    }

    @Test
    void the_events_panel_shows_the_latest_lines_newest_last() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        for (int i = 1; i <= 20; i++) {
            f.events.add("event " + i);
        }
        f.events.add("10:34:18.004 w2 acquired  SET scheduler_lock:tick w2-4242 NX PX 60000 → OK");

        Rendered screen = Rendered.render(f.build());

        List<String> lines = screen.lines();
        int events = lines.indexOf("Events");
        assertThat(lines.subList(events, lines.size() - 1))
                .as(screen.text())
                .last()
                .asString()
                .contains("SET scheduler_lock:tick w2-4242 NX PX 60000 → OK");
        assertThat(screen.text()).doesNotContain("event 1\n");
    }

    @Test
    void monochrome_uses_no_colour_and_still_shows_every_state_as_a_word_or_letter() {
        SnapshotFixture f = SnapshotFixture.withWorkers(0).tick(0, "naive", 4);
        f.workers.add(new WorkerView("w1", 1, 1, "up", "naive", "executed", 1, 0, 0, true, false));
        f.workers.add(new WorkerView("w2", 2, 2, "paused", "naive", "skipped", 0, 1, 0, false, false));
        f.workers.add(new WorkerView("w3", 3, 3, "killed", "naive", "error", 0, 0, 1, false, false));
        f.workers.add(new WorkerView("w4", 4, 4, "exited", "naive", "none", 0, 0, 0, false, false));
        f.naiveTimeline(5);
        f.servers.add(new ServerInfo("redis", "127.0.0.1:6390", "failed", 0, "", "no redis-server", ""));
        f.flash = "R: the lab does not own redis at redis://h:6379";

        Rendered mono = Rendered.render(f.build(), Rendered.MONO_UTF8, 80, 24, false);
        Rendered colour = Rendered.render(f.build(), Rendered.COLOUR_UTF8, 80, 24, false);

        assertThat(mono.anyColour()).as("a coloured cell in monochrome").isFalse();
        assertThat(colour.anyColour()).isTrue();
        assertThat(mono.text())
                .contains(
                        "NAIVE",
                        "up",
                        "paused",
                        "killed",
                        "exited",
                        "executed",
                        "skipped",
                        "error",
                        "HOLDS",
                        "redis failed",
                        "DUP ×4",
                        "RRRRR",
                        "R: the lab does not own redis");
        assertThat(mono.text()).isEqualTo(colour.text());
    }

    @Test
    void a_worker_that_ended_on_its_own_shows_its_exit_code_where_its_state_is() {
        SnapshotFixture f = SnapshotFixture.withWorkers(0).tick(0, "naive", 2);
        f.workers.add(new WorkerView("w1", 1, 1, "up", "naive", "executed", 1, 0, 0, false, false));
        f.workers.add(new WorkerView("w2", 4128, 2, "exited", "naive", "executed", 3, 0, 0, false, false, "137", ""));

        Rendered screen = Rendered.render(f.build(), Rendered.MONO_UTF8, 80, 24, false);

        assertThat(screen.text()).containsPattern("w2 +4128 +2 +exit 137 +naive");
    }

    @Test
    void a_worker_whose_clock_the_lab_skewed_shows_its_offset_beside_its_state_and_the_row_still_fits_80_columns() {
        SnapshotFixture f = SnapshotFixture.withWorkers(0).tick(0, "naive", 2);
        f.workers.add(new WorkerView("w1", 1, 1, "up", "naive", "executed", 1, 0, 0, false, false));
        f.workers.add(new WorkerView(
                "w2", 4128, 40002, "paused", "quartz-cluster", "executed", 3, 0, 0, true, false, "", "", "+3s"));
        f.workers.add(
                new WorkerView("w3", 4129, 40003, "up", "naive", "executed", 3, 0, 0, false, false, "", "", "-500ms"));

        Rendered screen = Rendered.render(f.build(), Rendered.MONO_UTF8, 80, 24, false);

        assertThat(screen.text())
                .containsPattern("w2 +4128 +40002 +pause \\+3s +quartz-clust +executed +3 +0 +0  HOLDS")
                .containsPattern("w3 +4129 +40003 +up -500ms +naive");
        assertThat(screen.lines()).allSatisfy(l -> assertThat(Pen.cells(l)).isLessThanOrEqualTo(80));
    }

    @Test
    void the_help_overlay_lists_the_keys_over_the_dashboard() {
        Rendered screen = Rendered.render(SnapshotFixture.withWorkers(4).build(), Rendered.COLOUR_UTF8, 80, 24, true);

        assertThat(screen.text())
                .contains(
                        "Keys (letters only",
                        "1 naive   2 local-mutex   3 redis   4 postgres",
                        "5 idempotent   6 fenced   7 host-mutex",
                        "k kill -9 it",
                        "a restart it 3 s ahead / on time",
                        "R stop / start Redis",
                        "o knob panel: ↑↓ pick a knob, Enter sets its next value",
                        "e why line: one finding back (wraps to the newest)",
                        "q quit (y confirms)",
                        "▼ mode switch   DUP ×k");
    }

    @Test
    void the_key_bar_names_the_knob_panel_and_the_why_keys_at_80_columns() {
        Rendered screen = Rendered.render(SnapshotFixture.withWorkers(4).build());

        assertThat(screen.lines().get(23)).contains("? help", "q quit", "o knobs", "e why");
    }

    @Test
    void a_quit_question_replaces_the_key_bar() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.quitAsked = true;

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.lines().get(23)).contains("Quit the lab?", "y yes", "any other key: no");
    }

    @Test
    void an_empty_lab_draws_without_failing() {
        LabSnapshot empty = new SnapshotFixture().build();

        assertThatCode(() -> Rendered.render(empty)).doesNotThrowAnyException();
        assertThat(Rendered.render(empty).text()).contains("no workers", "no rows yet");
    }

    @Test
    void workers_on_two_hosts_stand_under_their_hosts_name_and_the_lock_panel_shows_each_hosts_holder() {
        SnapshotFixture f = SnapshotFixture.withWorkers(0);
        for (int i = 1; i <= 4; i++) {
            String host = i <= 2 ? "host1" : "host2";
            f.workers.add(new WorkerView(
                    "w" + i,
                    4240 + i,
                    40000 + i,
                    "up",
                    "host-mutex",
                    "executed",
                    3,
                    3,
                    0,
                    i == 1 || i == 3,
                    false,
                    "",
                    host));
        }
        f.mode = "host-mutex";
        f.lock = new lab.session.LockView(
                lab.protocol.Mode.HOST_MUTEX.lock(),
                "scheduler_lock.tick.lock",
                null,
                -1,
                -1,
                List.of(),
                List.of("w1@host1", "w3@host2"),
                null);

        Rendered screen = Rendered.render(f.build(), Rendered.COLOUR_UTF8, 100, 30, false);

        List<String> lines = screen.lines();
        int host1 = indexOf(lines, "── host1 ──");
        int host2 = indexOf(lines, "── host2 ──");
        assertThat(host1).as(screen.text()).isGreaterThan(0);
        assertThat(host2).isEqualTo(host1 + 3);
        assertThat(lines.get(host1 + 1)).contains(" w1 ");
        assertThat(lines.get(host1 + 2)).contains(" w2 ");
        assertThat(lines.get(host2 + 1)).contains(" w3 ");
        assertThat(screen.text())
                .contains("scheduler_lock.tick.lock", "w1@host1 w3@host2", "2 at once: one lock per host");
    }

    @Test
    void an_attached_worker_stands_beside_the_labs_own_under_a_line_that_names_it_and_a_silent_one_shows_lost() {
        SnapshotFixture f = SnapshotFixture.withWorkers(0);
        f.workers.add(new WorkerView("w1", 4241, 40001, "up", "naive", "executed", 3, 0, 0, false, false, "", ""));
        f.workers.add(new WorkerView(
                "w9", 77, -1, "up", "naive", "executed", 3, 0, 0, false, false, "", "w9@pod-abc attached"));
        f.workers.add(new WorkerView(
                "w10", 78, -1, "lost", "naive", "executed", 1, 0, 0, false, false, "", "w10@pod-def attached"));

        Rendered screen = Rendered.render(f.build(), Rendered.COLOUR_UTF8, 100, 30, false);

        List<String> lines = screen.lines();
        int w9 = indexOf(lines, "── w9@pod-abc attached ──");
        assertThat(w9).as(screen.text()).isGreaterThan(indexOf(lines, " w1 "));
        assertThat(lines.get(w9 + 1)).contains(" w9 ", " up ");
        assertThat(lines.get(w9 + 2)).contains("── w10@pod-def attached ──");
        assertThat(lines.get(w9 + 3)).contains(" w10 ", " lost ");
    }

    @Test
    void at_80x24_the_help_names_every_modes_key_whole_and_how_to_reach_a_mode_with_none() {
        Rendered screen = Rendered.render(SnapshotFixture.withWorkers(4).build(), Rendered.COLOUR_UTF8, 80, 24, true);

        for (lab.protocol.Mode m : lab.protocol.Mode.values()) {
            // The test sources declare a mode with no key (lock-file): the help names it beside the mode picker's key.
            assertThat(screen.text())
                    .as(screen.text())
                    .contains(m.key().map(k -> k + " " + m.cliName() + " ").orElse(m.cliName()));
        }
        if (lab.protocol.Mode.values().stream().anyMatch(m -> m.key().isEmpty())) {
            assertThat(screen.text()).contains("(m, the mode picker)");
        }
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }
}
