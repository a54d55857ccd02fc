package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.ArrayList;
import java.util.List;
import lab.session.Action;
import lab.session.Command;
import lab.session.QuestionView;
import lab.session.ScenarioView;
import lab.session.Vote;
import org.junit.jupiter.api.Test;

/** A scenario's question for the room: drawn above the captions, and while it is open only its keys act. */
class QuestionBoxTest {
    private static final QuestionView QUESTION = new QuestionView(
            "Four workers ask Redis for one key each tick. How many rows will each tick write?",
            "abc",
            List.of("Four: each worker still runs its own scheduler", "One: the others find the key taken", "None"));
    private static final String CAPTION = "Now every worker asks Redis first: SET scheduler_lock:tick <owner> NX PX"
            + " 10000. Only one of them gets the key.";

    private final ViewControl control = new ViewControl();
    private final List<Command> sent = new ArrayList<>();

    private static SnapshotFixture asking(String prediction) {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.scenario = new ScenarioView(
                "A Redis lock", List.of(), CAPTION, null, 4, 9, List.of(), false, QUESTION, prediction);
        return f;
    }

    private void press(KeyStroke key) {
        control.onKey(key, asking(null).build(), sent::add);
    }

    @Test
    void the_question_and_its_answers_are_drawn_whole_at_80x24_and_the_caption_stays_readable_under_them() {
        Rendered screen = Rendered.render(asking(null).build());

        assertThat(screen.text())
                .as(screen.text())
                .contains(
                        "Predict, then vote",
                        "Four workers ask Redis for one key each tick. How many rows will",
                        "a) Four: each worker still runs its own scheduler",
                        "b) One: the others find the key taken",
                        "c) None",
                        "a, b, c: the room's answer   Esc: no vote");
        for (String line : CaptionBar.captionLines(CAPTION, 80)) {
            assertThat(screen.text()).as(screen.text()).contains(line);
        }
    }

    @Test
    void while_the_question_is_open_an_answer_key_votes_and_every_other_key_but_esc_and_ctrl_c_does_nothing() {
        press(new KeyStroke('c', false, false)); // c is one of this question's answers, not "clear the table"
        press(new KeyStroke('k', false, false)); // kill -9: not while the room votes
        press(new KeyStroke('1', false, false)); // a mode key
        press(new KeyStroke('q', false, false));
        press(new KeyStroke('d', false, false)); // no answer d
        press(new KeyStroke(KeyType.Escape));
        press(new KeyStroke('c', true, false));

        assertThat(sent).containsExactly(new Vote('c'), new Vote(Vote.NONE), Action.STOP_NOW);
    }

    @Test
    void once_voted_the_line_under_the_caption_says_the_room_s_answer_beside_the_right_one() {
        SnapshotFixture f = asking("Answer: b) One: the others find the key taken. The room said a) Four: each worker"
                + " still runs its own scheduler.");
        f.scenario = new ScenarioView(
                "A Redis lock",
                List.of(),
                CAPTION,
                null,
                5,
                9,
                List.of("PASS rows_per_tick: expected 1, got 1 (over 5 ticks)"),
                false,
                null,
                f.scenario.prediction());

        Rendered screen = Rendered.render(f.build());

        // Read as the room reads it, across the line it wraps at.
        assertThat(screen.text().replaceAll("\\s+", " "))
                .as(screen.text())
                .doesNotContain("Predict, then vote")
                .contains("Answer: b) One", "The room said a) Four", "PASS rows_per_tick: expected 1, got 1");
    }
}
