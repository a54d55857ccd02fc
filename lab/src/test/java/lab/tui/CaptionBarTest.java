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

    @Test
    void a_long_caption_wraps_over_two_lines_at_most() {
        String caption = "word ".repeat(60).trim();

        List<String> lines = CaptionBar.captionLines(caption, 80);

        assertThat(lines).hasSize(2).allMatch(l -> l.length() <= 80);
        assertThat(lines.get(1)).endsWith("...");
    }

    @Test
    void no_scenario_no_caption_bar() {
        Rendered screen = Rendered.render(SnapshotFixture.withWorkers(4).build());

        assertThat(screen.text()).doesNotContain("Scenario:", "space");
    }
}
