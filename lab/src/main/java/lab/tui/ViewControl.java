package lab.tui;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import lab.check.Finding;
import lab.session.Action;
import lab.session.Command;
import lab.session.LabSnapshot;
import lab.session.QuestionView;
import lab.session.SetKnob;
import lab.session.Vote;

/**
 * The keys, and what of them the dashboard keeps for its own view: the help box, the knob panel and its cursor, and
 * which finding the why line shows. UI thread only. While the knob panel is open the arrows move its cursor (not
 * the worker selection), Enter sends the picked knob's next value, and Esc or {@code o} close it; the mode picker
 * ({@code m}) takes them alike ({@link ModePicker}).
 */
final class ViewControl {
    private final KeyMap keys = new KeyMap();
    private boolean help;
    private boolean knobs;
    private int knobCursor;
    private Finding newestSeen;
    private int whyBack;
    private boolean modes;
    private final ModePicker picker = new ModePicker();

    /**
     * Acts on {@code key} with {@code current} on screen; every command, the view's own included, goes to
     * {@code commands}. Returns whether the view changed or may have (a command was sent).
     */
    boolean onKey(KeyStroke key, LabSnapshot current, Consumer<Command> commands) {
        KeyType type = key.getKeyType();
        QuestionView question =
                current.scenario() == null ? null : current.scenario().question();
        if (question != null && !current.quitAsked()) {
            return vote(key, question, commands);
        }
        if (help && type == KeyType.Escape) {
            help = false;
            return true;
        }
        // The quit question takes every key, so that any key but y still means no.
        if (knobs && !current.quitAsked()) {
            switch (type) {
                case ArrowUp, ArrowDown -> {
                    int step = type == KeyType.ArrowDown ? 1 : -1;
                    knobCursor =
                            Math.floorMod(knobCursor + step, LiveKnobs.list().size());
                    return true;
                }
                case Enter -> {
                    commands.accept(new SetKnob(LiveKnobs.nextChange(
                            LiveKnobs.list().get(knobCursor), current.header().spec())));
                    return true;
                }
                case Escape -> {
                    knobs = false;
                    return true;
                }
                default -> {}
            }
        }
        if (modes && !current.quitAsked() && picker.onKey(type, commands)) {
            modes = picker.open();
            return true;
        }
        Optional<Command> command = keys.map(key, current.quitAsked());
        command.ifPresent(c -> {
            if (c == Action.CRASH) {
                throw new IllegalStateException(
                        "dashboard crashed on purpose by Ctrl-\\ (the check that a crash gives the terminal back)");
            }
            if (c == Action.HELP) {
                help = !help;
            } else if (c == Action.KNOBS) {
                knobs = !knobs;
                modes = false;
            } else if (c == Action.MODES) {
                modes = picker.toggle(current.header().spec().mode());
                knobs = false;
            } else if (c == Action.WHY_BACK) {
                stepBack(current.explanations());
            }
            commands.accept(c);
        });
        return command.isPresent();
    }

    /**
     * While a question for the room is open, its answers' keys are the only ones that act (Esc closes it without a
     * vote, Ctrl-C still stops the lab): a room's "c" must not clear the counter table.
     */
    private static boolean vote(KeyStroke key, QuestionView question, Consumer<Command> commands) {
        Character ch = key.getKeyType() == KeyType.Character ? key.getCharacter() : null;
        if (key.isCtrlDown() && ch != null && (ch == 'c' || ch == 'C')) {
            commands.accept(Action.STOP_NOW);
            return true;
        }
        if (key.getKeyType() == KeyType.Escape) {
            commands.accept(new Vote(Vote.NONE));
            return true;
        }
        if (ch != null && !key.isCtrlDown() && !key.isAltDown() && question.answersWith(ch)) {
            commands.accept(new Vote(ch));
            return true;
        }
        return false;
    }

    /** What to draw besides {@code s}. */
    ViewState view(LabSnapshot s) {
        follow(s.explanations());
        return new ViewState(help, knobs, knobCursor, whyBack, modes, picker.cursor());
    }

    private void stepBack(List<Finding> findings) {
        follow(findings);
        if (!findings.isEmpty()) {
            whyBack = (whyBack + 1) % findings.size();
        }
    }

    /** A finding that arrives while the trainer looks back brings the line to it: the newest is the news. */
    private void follow(List<Finding> findings) {
        Finding newest = findings.isEmpty() ? null : findings.get(findings.size() - 1);
        if (!Objects.equals(newest, newestSeen)) {
            newestSeen = newest;
            whyBack = 0;
        }
    }
}
