package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import lab.session.ScenarioView;
import org.junit.jupiter.api.Test;

class CaptionBarTest {

    @Test
    void the_caption_bar_shows_the_scenario_its_step_k_of_n_the_caption_and_the_verdicts() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.scenario = new ScenarioView(
                "naive-duplicates",
                "Four workers, four schedulers: every tick runs four times.",
                3,
                7,
                List.of(
                        "PASS duplicate_ticks: expected 0, got 0 (over 5 ticks)",
                        "FAIL rows_per_tick: expected 1, got 4 (over 5 ticks)"),
                true);

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text())
                .as(screen.text())
                .contains(
                        "Scenario: naive-duplicates   step 3 of 7   PAUSED",
                        "Four workers, four schedulers: every tick runs four times.",
                        "PASS duplicate_ticks: expected 0, got 0 (over 5 ticks)",
                        "FAIL rows_per_tick: expected 1, got 4 (over 5 ticks)");
        assertThat(screen.lines().get(23)).contains("space resume", "n next");
    }

    /** Lesson 10a's last caption: the condition its claim holds under comes last, and must not be cut. */
    static final String KEEPALIVE = "At most the tick in progress is lost: the server freed the lock the moment the"
            + " connection dropped. That holds for a process that dies on a live host, whose kernel closes its socket;"
            + " after a host crash or a network cut the session, and its lock, stay until TCP keepalive notices (hours"
            + " by default).";

    @Test
    void a_caption_longer_than_two_lines_at_80_columns_is_drawn_whole() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.scenario = new ScenarioView("a killed holder", KEEPALIVE, 12, 12, List.of(), false);

        Rendered screen = Rendered.render(f.build());

        List<String> lines = CaptionBar.captionLines(KEEPALIVE, 80);
        assertThat(lines).hasSizeGreaterThan(2).allMatch(l -> Pen.cells(l) <= 80);
        assertThat(String.join(" ", lines)).isEqualTo(KEEPALIVE);
        assertThat(screen.text())
                .as(screen.text())
                .contains(String.join("\n", lines))
                .doesNotContain("...");
    }

    static final String TITLE =
            "A killed holder: Redis keeps its lock until the TTL, PostgreSQL lets go when the connection drops";

    @Test
    void a_title_wider_than_the_screen_is_wrapped_whole_with_its_step_while_the_captions_leave_room() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.scenario = new ScenarioView(TITLE, "Kill -9 whichever worker holds it, mid-job.", 3, 29, List.of(), true);

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.lines())
                .as(screen.text())
                .containsSubsequence(
                        "Scenario: A killed holder: Redis keeps its lock until the TTL, PostgreSQL lets",
                        "go when the connection drops   step 3 of 29   PAUSED",
                        "Kill -9 whichever worker holds it, mid-job.");
    }

    @Test
    void a_title_gives_way_to_where_the_replay_is_when_the_captions_need_its_rows() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.scenario = new ScenarioView(
                TITLE,
                List.of(KEEPALIVE, KEEPALIVE.replace("At most", "At the most")),
                KEEPALIVE,
                null,
                12,
                29,
                List.of(),
                false);

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.text())
                .as(screen.text())
                .contains("Scenario   step 12 of 29")
                .doesNotContain("PostgreSQL lets");
        assertThat(screen.text()).contains(String.join("\n", CaptionBar.captionLines(KEEPALIVE, 80)));
    }

    @Test
    void earlier_captions_stay_dimmed_above_the_newest_and_the_last_stays_beside_the_ending() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.scenario = new ScenarioView(
                "a killed holder",
                List.of("Missed ticks and no duplicate."),
                "Now the PostgreSQL advisory lock.",
                "Scenario complete: every expectation held.",
                12,
                12,
                List.of("PASS missed_ticks: expected <= 1, got 0 (over 3 ticks)"),
                false);

        Rendered screen = Rendered.render(f.build());

        List<String> lines = screen.lines();
        int earlier = lines.indexOf("Missed ticks and no duplicate.");
        assertThat(earlier).as(screen.text()).isPositive();
        assertThat(lines.subList(earlier + 1, earlier + 4))
                .containsExactly(
                        "Now the PostgreSQL advisory lock.",
                        "Scenario complete: every expectation held.",
                        "PASS missed_ticks: expected <= 1, got 0 (over 3 ticks)");
        assertThat(screen.cellOf("Missed ticks").getForegroundColor())
                .isNotEqualTo(screen.cellOf("Now the PostgreSQL").getForegroundColor());
    }

    @Test
    void no_scenario_no_caption_bar() {
        Rendered screen = Rendered.render(SnapshotFixture.withWorkers(4).build());

        assertThat(screen.text()).doesNotContain("Scenario:", "space");
    }
}
