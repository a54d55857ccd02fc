package lab.tui;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import lab.protocol.Mode;
import lab.protocol.Modes;

/**
 * The dashboard's key table of modes, drawn from the modes' own declarations: the help box, the key bar and the keys
 * themselves ({@link KeyMap}) read it, so a new mode's key shows everywhere without a line of its own. Keys {@code 1}
 * to {@code 0} are the first ten modes' shortcuts; every mode, one with no key (past the ten, or loaded at run time)
 * too, is reached through the mode picker ({@code m}, {@link ModePicker}), which the help box says, naming them.
 */
final class ModeKeys {
    private ModeKeys() {}

    /** The help box's lines: every keyed mode, four to a line so that ten fit an 80-column screen; then the others. */
    static List<String> helpLines(Look look) {
        List<Mode> keyed = Modes.all().stream().filter(m -> m.key().isPresent()).toList();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < keyed.size(); i += 4) {
            lines.add(keyed.subList(i, Math.min(keyed.size(), i + 4)).stream()
                    .map(m -> m.key().orElseThrow() + " " + m.cliName())
                    .collect(Collectors.joining("   ")));
        }
        // One line for the picker and the modes only it reaches: the help box fills an 80x24 screen.
        List<String> keyless = keyless();
        String picker = look.say("m every mode, to pick one", "m 列出所有模式，从中选一个");
        if (!keyless.isEmpty()) {
            String names = String.join(", ", keyless);
            picker = look.say("no key: " + names + " (m, the mode picker)", "无按键：" + names + "（m，模式选择框）");
        }
        lines.add(picker);
        return lines;
    }

    /** The key bar's range: {@code 1-7}, the first key to the last one a mode has. */
    static String range() {
        List<Character> keys =
                Modes.all().stream().flatMap(m -> m.key().stream()).toList();
        return keys.isEmpty() ? "o" : keys.get(0) + "-" + keys.get(keys.size() - 1);
    }

    /**
     * The key table's row of modes as docs/workshop.md writes it, in English or, with {@code chinese}, as its twin
     * does: a test holds both pages to it, so the docs are drawn from the declarations as the help box is.
     */
    static String docRow(boolean chinese) {
        List<Mode> keyed = Modes.all().stream().filter(m -> m.key().isPresent()).toList();
        String keys = keyed.stream().map(m -> "`" + m.key().orElseThrow() + "`").collect(Collectors.joining(" "));
        String names =
                keyed.stream().map(m -> "`" + m.cliName() + "`").collect(Collectors.joining(chinese ? "、" : ", "));
        return "| " + keys + " | " + (chinese ? "所有 worker 切换到 " : "every worker switches to ") + names + " |";
    }

    /** The modes that have no key, by name. */
    static List<String> keyless() {
        return Modes.all().stream()
                .filter(m -> m.key().isEmpty())
                .map(Mode::cliName)
                .toList();
    }
}
