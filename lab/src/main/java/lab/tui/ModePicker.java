package lab.tui;

import com.googlecode.lanterna.input.KeyType;
import java.util.List;
import java.util.function.Consumer;
import lab.protocol.Mode;
import lab.session.Command;
import lab.session.SwitchMode;

/**
 * The {@code m} picker's keys: every registered mode in registry order ({@link Mode#values()}), a mode registered at
 * run time among them, so that a mode past the ten number keys is two keys away. While it is open the arrows move its
 * cursor, Enter switches every worker to the picked mode and closes it, Esc closes it. UI thread only.
 */
final class ModePicker {
    private boolean open;
    private int cursor;

    /** Opens on {@code current}, or closes; returns whether it is open. */
    boolean toggle(Mode current) {
        open = !open;
        if (open) {
            cursor = Math.max(0, Mode.values().indexOf(current));
        }
        return open;
    }

    boolean open() {
        return open;
    }

    int cursor() {
        return cursor;
    }

    /** Acts on a key while open; returns whether the key was the picker's. */
    boolean onKey(KeyType type, Consumer<Command> commands) {
        List<Mode> modes = Mode.values();
        switch (type) {
            case ArrowUp, ArrowDown -> {
                cursor = Math.floorMod(cursor + (type == KeyType.ArrowDown ? 1 : -1), modes.size());
                return true;
            }
            case Enter -> {
                commands.accept(new SwitchMode(modes.get(Math.floorMod(cursor, modes.size()))));
                open = false;
                return true;
            }
            case Escape -> {
                open = false;
                return true;
            }
            default -> {
                return false;
            }
        }
    }
}
