package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import lab.check.Cause;
import lab.check.Finding;
import lab.protocol.Knobs;
import lab.protocol.ModeChange;
import lab.session.Action;
import lab.session.Command;
import lab.session.LabSnapshot;
import lab.session.SetKnob;
import org.junit.jupiter.api.Test;

class ViewControlTest {
    private final ViewControl control = new ViewControl();
    private final List<Command> sent = new ArrayList<>();
    private LabSnapshot shown = SnapshotFixture.withWorkers(4).build();

    private void press(KeyStroke key) {
        control.onKey(key, shown, sent::add);
    }

    private void press(char c) {
        press(new KeyStroke(c, false, false));
    }

    private void press(KeyType type) {
        press(new KeyStroke(type));
    }

    private static Finding finding(Finding.Kind kind, int seconds, Cause cause, String sentence) {
        return new Finding(kind, SnapshotFixture.T0.plusSeconds(seconds), cause, sentence);
    }

    @Test
    void enter_on_the_picked_knob_sends_its_next_step_to_every_worker() {
        press('o');
        press(KeyType.ArrowDown);
        press(KeyType.Enter);

        // task-time is the second live knob; the fixture's 300 ms steps to 1 s.
        assertThat(sent)
                .containsExactly(Action.KNOBS, new SetKnob(ModeChange.of(Knobs.TASK_TIME, Duration.ofSeconds(1))));
    }

    @Test
    void the_steps_wrap_around_from_the_last_to_the_first() {
        press('o');
        press(KeyType.ArrowDown);
        press(KeyType.ArrowDown);
        press(KeyType.Enter);

        // lock-ttl steps 500ms, 1s, 5s, 60s: the default 60 s is the last.
        assertThat(sent).last().isEqualTo(new SetKnob(ModeChange.of(Knobs.LOCK_TTL, Duration.ofMillis(500))));
    }

    @Test
    void while_the_panel_is_open_the_arrows_move_its_cursor_not_the_worker_selection() {
        press('o');
        press(KeyType.ArrowUp);
        press(KeyType.ArrowDown);
        press(KeyType.ArrowUp);

        assertThat(sent).containsExactly(Action.KNOBS);
        assertThat(control.view(shown).knobCursor()).isEqualTo(Knobs.live().size() - 1);
    }

    @Test
    void o_and_esc_close_the_panel_and_the_arrows_select_workers_again() {
        press('o');
        press('o');
        assertThat(control.view(shown).knobs()).isFalse();
        press('o');
        press(KeyType.Escape);
        assertThat(control.view(shown).knobs()).isFalse();

        press(KeyType.ArrowDown);
        press(KeyType.Enter);

        assertThat(sent).containsExactly(Action.KNOBS, Action.KNOBS, Action.KNOBS, Action.SELECT_NEXT);
    }

    @Test
    void the_quit_question_takes_enter_as_no_even_with_the_panel_open() {
        press('o');
        SnapshotFixture asking = SnapshotFixture.withWorkers(4);
        asking.quitAsked = true;
        shown = asking.build();

        press(KeyType.Enter);

        assertThat(sent).containsExactly(Action.KNOBS, Action.CANCEL);
    }

    @Test
    void the_why_line_shows_the_newest_finding_and_e_steps_back_then_wraps_to_the_newest() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4).tick(0, "naive", 4);
        f.explanations = List.of(
                finding(Finding.Kind.DUPLICATE, 0, Cause.NO_LOCK, "tick 10:34:18 ran 4 times"),
                finding(Finding.Kind.MISSED, 2, Cause.DEAD_HOLDER, "tick 10:34:20 has no row"),
                finding(Finding.Kind.DUPLICATE, 4, Cause.RELEASED_EARLY, "tick 10:34:22 ran twice"));
        shown = f.build();

        assertThat(whyLine()).isEqualTo("why 1/3: released-early — tick 10:34:22 ran twice");
        press('e');
        assertThat(whyLine()).isEqualTo("why 2/3: dead-holder — tick 10:34:20 has no row");
        press('e');
        assertThat(whyLine()).isEqualTo("why 3/3: no-lock — tick 10:34:18 ran 4 times");
        press('e');
        assertThat(whyLine()).startsWith("why 1/3: released-early");
        assertThat(sent).containsOnly(Action.WHY_BACK).hasSize(3);
    }

    @Test
    void a_new_finding_brings_the_why_line_back_to_the_newest() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.explanations = new ArrayList<>(List.of(
                finding(Finding.Kind.DUPLICATE, 0, Cause.NO_LOCK, "tick 10:34:18 ran 4 times"),
                finding(Finding.Kind.DUPLICATE, 2, Cause.NO_LOCK, "tick 10:34:20 ran 4 times")));
        shown = f.build();
        press('e');
        assertThat(whyLine()).startsWith("why 2/2");

        f.explanations.add(finding(Finding.Kind.OVERLAP, 4, Cause.LEASE_EXPIRED, "w1 and w3 ran at once"));
        shown = f.build();

        assertThat(whyLine()).isEqualTo("why 1/3: lease-expired — w1 and w3 ran at once");
    }

    @Test
    void one_finding_reads_why_without_a_count() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.explanations = List.of(finding(Finding.Kind.DUPLICATE, 0, Cause.NO_LOCK, "tick 10:34:18 ran 4 times"));
        shown = f.build();

        assertThat(whyLine()).isEqualTo("why: no-lock — tick 10:34:18 ran 4 times");
    }

    /** The why line as drawn, up to the rule between the counter table and the lock panel. */
    private String whyLine() {
        Rendered screen = Rendered.render(shown, control.view(shown));
        List<String> lines =
                screen.lines().stream().filter(l -> l.startsWith("why")).toList();
        assertThat(lines).as(screen.text()).hasSize(1);
        return lines.get(0).stripTrailing();
    }

    @Test
    void the_crash_key_throws_on_the_ui_thread_and_sends_the_lab_nothing() {
        assertThatThrownBy(() -> press(new KeyStroke('\\', true, false)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("dashboard crashed on purpose by Ctrl-\\ (the check that a crash gives the terminal back)");
        assertThat(sent).isEmpty();
    }
}
