package lab.tui;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.Optional;
import lab.protocol.Mode;
import lab.session.Action;
import lab.session.Command;
import lab.session.SwitchMode;

/**
 * Keys to commands. Letters, digits and arrows only: function keys arrive as escape sequences that tmux and some
 * terminals mangle, and a trainer must not find a dead key in front of a room.
 */
public final class KeyMap {

    /**
     * The command for {@code key}, or empty for a key that means nothing.
     *
     * @param quitAsked the dashboard is asking "quit?": {@code y} confirms, any other key cancels
     */
    public Optional<Command> map(KeyStroke key, boolean quitAsked) {
        Character ch = key.getKeyType() == KeyType.Character ? key.getCharacter() : null;
        if (quitAsked && !(key.isCtrlDown() && ch != null && (ch == 'c' || ch == 'C'))) {
            return Optional.of(ch != null && (ch == 'y' || ch == 'Y') ? Action.CONFIRM : Action.CANCEL);
        }
        if (key.isCtrlDown() && ch != null && (ch == 'c' || ch == 'C')) {
            return Optional.of(Action.STOP_NOW);
        }
        // Ctrl-\ is a terminal's "quit and dump core" (SIGQUIT, here a key: the dashboard turns signal keys off).
        if (key.isCtrlDown() && ch != null && ch == '\\') {
            return Optional.of(Action.CRASH);
        }
        if (key.isCtrlDown() || key.isAltDown()) {
            return Optional.empty();
        }
        return switch (key.getKeyType()) {
            case ArrowDown -> Optional.of(Action.SELECT_NEXT);
            case ArrowUp -> Optional.of(Action.SELECT_PREV);
            case Character -> character(ch);
            default -> Optional.empty();
        };
    }

    private static Optional<Command> character(char ch) {
        Optional<Mode> mode = Mode.byKey(ch);
        if (mode.isPresent()) {
            return Optional.of(new SwitchMode(mode.get()));
        }
        Command c =
                switch (ch) {
                    case '+' -> Action.ADD_WORKER;
                    case '-' -> Action.REMOVE_WORKER;
                    case 'k' -> Action.KILL;
                    case 'p' -> Action.PAUSE_RESUME;
                    case 'r' -> Action.RESTART;
                    case 'a' -> Action.SKEW_CLOCK;
                    case 's' -> Action.STOP;
                    case 'R' -> Action.TOGGLE_REDIS;
                    case 'B' -> Action.RESTART_REDIS;
                    case 'x' -> Action.TOGGLE_PARTITION;
                    case 'P' -> Action.TOGGLE_POSTGRES;
                    case 't' -> Action.CYCLE_TASK_TIME;
                    case 'c' -> Action.CLEAR_TABLE;
                    case '?' -> Action.HELP;
                    case 'o' -> Action.KNOBS;
                    case 'm' -> Action.MODES;
                    case 'e' -> Action.WHY_BACK;
                    case 'q' -> Action.QUIT;
                        // y outside the question: the model may not have published quitAsked yet when a fast q-y
                        // arrives.
                    case 'y' -> Action.CONFIRM;
                    case ' ' -> Action.SCENARIO_PAUSE_RESUME;
                    case 'n' -> Action.SCENARIO_NEXT;
                    default -> null;
                };
        return Optional.ofNullable(c);
    }
}
