package lab.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.protocol.Lang;
import lab.scenario.Scenario;
import lab.scenario.ScenarioParser;
import lab.session.QuestionView;
import lab.session.Vote;
import org.junit.jupiter.api.Test;

/**
 * A question asked before a trap, replayed by the driver a run uses on a virtual lab: it opens the box, takes the
 * room's vote while the lab runs, and the next expect judged puts the room's answer beside the right one.
 */
class PredictReplayTest {
    private static final String FILE =
            """
            title: "A question for the room"
            setup: { workers: 2, every: 1s }
            steps:
              - predict:
                  question: { en: "How many rows per tick?", zh: "每个 tick 几行？" }
                  answers:
                    a: { en: "One", zh: "一行" }
                    b: { en: "Two", zh: "两行" }
                    c: "None"
                  answer: a
              - wait: 3s
              - expect: { rows_per_tick: 1 }
              - wait: 1s
            """;

    @org.junit.jupiter.api.io.TempDir
    static Path dir;

    private static Scenario scenario() throws Exception {
        Path file = dir.resolve("predict.yaml");
        java.nio.file.Files.writeString(file, FILE);
        return ScenarioParser.parse(file);
    }

    @Test
    void the_box_takes_the_vote_and_the_next_expect_reveals_the_answer_beside_the_room_s() throws Exception {
        ScenarioDriver driver = new ScenarioDriver(scenario(), 1, false, Lang.EN);
        List<QuestionView> seen = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        VirtualLab lab = new VirtualLab(scenario().setup(), at -> {
            // The first instant the lab runs after the question: what the screen shows, then the room votes b.
            if (seen.isEmpty()) {
                seen.add(driver.view().question());
                driver.vote(new Vote('b'));
                seen.add(driver.view().question());
            }
        });

        driver.play(lab, lines::add);

        assertThat(seen.get(0))
                .isEqualTo(new QuestionView("How many rows per tick?", "abc", List.of("One", "Two", "None")));
        assertThat(seen.get(1)).as("the box closes on the vote").isNull();
        assertThat(driver.view().question()).isNull();
        assertThat(driver.view().prediction()).isEqualTo("Answer: a) One. The room said b) Two.");
        assertThat(lines)
                .containsSubsequence(
                        "  ? How many rows per tick?",
                        "      a) One",
                        "      b) Two",
                        "      c) None",
                        "  the room votes b) Two",
                        "  PASS rows_per_tick: expected 1 in every tick, got [1 1 1] (over 3 ticks)",
                        "  answer: a) One");
        // Like a caption, the question took no time: the lab slept the file's waits and nothing else.
        assertThat(lab.calls()).filteredOn(c -> c.contains("sleep")).hasSize(3);
    }

    @Test
    void headless_no_one_votes_the_question_and_its_answer_are_printed_in_the_run_s_language() throws Exception {
        ScenarioDriver driver = new ScenarioDriver(scenario(), 1, false, Lang.ZH);
        List<String> lines = new ArrayList<>();

        driver.play(new VirtualLab(scenario().setup(), at -> {}), lines::add);

        assertThat(lines).containsSubsequence("  ? 每个 tick 几行？", "      a) 一行", "      c) None", "  答案：a) 一行");
        assertThat(driver.view().prediction()).isEqualTo("答案：a) 一行。没有投票。");
    }
}
