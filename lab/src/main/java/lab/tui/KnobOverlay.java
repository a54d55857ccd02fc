package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.List;
import lab.protocol.Knob;
import lab.protocol.ModeSpec;

/**
 * The {@code o} box: every live knob with its value now and its help, dimmed where the current mode's guard does not
 * read it; under the list, the picked knob's help in full and what Enter would set it to. On a screen too short for
 * every knob the list scrolls with the cursor.
 */
final class KnobOverlay {
    private static final int WIDTH = 80;
    private static final int NAME = 20;
    private static final int VALUE = 12;
    // Border, title; after the list a blank, two lines of the picked knob's help, the Enter line, the keys; border.
    private static final int FIXED_ROWS = 8;
    private static final int HELP_ROWS = 2;
    private final Look look;

    KnobOverlay(Look look) {
        this.look = look;
    }

    /** Draws the box centred on {@code screen} over what is there, with {@code cursor} on the picked knob. */
    void draw(TextGraphics screen, ModeSpec spec, int cursor) {
        List<Knob<?>> knobs = LiveKnobs.list();
        int picked = Math.floorMod(cursor, knobs.size());
        TerminalSize size = screen.getSize();
        int width = Math.min(size.getColumns(), WIDTH);
        int height = Math.min(size.getRows(), FIXED_ROWS + knobs.size());
        int listRows = Math.max(1, height - FIXED_ROWS);
        // The picked knob stays on the last visible row once the cursor goes past the first screenful.
        int first = Math.max(0, Math.min(picked - listRows + 1, knobs.size() - listRows));
        Pen pen = Box.centred(screen, look, width, height);
        int end = width - 2;
        String mode = spec.mode().cliName();

        String title =
                look.say("Knobs, as every worker has them (mode " + mode + ")", "参数：每个 worker 当前的取值（模式 " + mode + "）");
        if (listRows < knobs.size()) {
            String shown = (first + 1) + "-" + Math.min(knobs.size(), first + listRows);
            title += "  " + look.say(shown + " of " + knobs.size(), shown + " / 共 " + knobs.size());
        }
        pen.put(2, 1, Pen.cut(title, end - 2, look.glyphs()), Role.TITLE);
        for (int i = 0; i < listRows && first + i < knobs.size(); i++) {
            Knob<?> knob = knobs.get(first + i);
            boolean here = first + i == picked;
            boolean used = LiveKnobs.matters(knob, spec);
            Role role = used ? Role.PLAIN : Role.DIM;
            int y = 2 + i;
            pen.put(2, y, here ? ">" : " ", Role.TITLE);
            pen.put(4, y, knob.name(), here ? Role.KEY : role);
            int c = pen.put(4 + NAME, y, Pen.fit(LiveKnobs.value(knob, spec), VALUE), used ? Role.TITLE : Role.DIM);
            String rest = (used ? "" : notUsed(mode) + " ") + knob.help();
            pen.put(c, y, Pen.cut(rest, end - c, look.glyphs()), role);
        }

        Knob<?> knob = knobs.get(picked);
        int y = height - 3 - HELP_ROWS;
        List<String> help = Pen.wrap(knob.name() + ": " + knob.help(), end - 2);
        for (int i = 0; i < HELP_ROWS && i < help.size(); i++) {
            pen.put(2, y + i, help.get(i), Role.PLAIN);
        }
        String change = knob.name() + " " + LiveKnobs.value(knob, spec) + " "
                + look.glyphs().arrow() + " " + LiveKnobs.nextValue(knob, spec);
        String enter = look.say("Enter sets " + change + " on every worker", "Enter：把每个 worker 的 " + change);
        boolean used = LiveKnobs.matters(knob, spec);
        pen.put(
                2,
                height - 3,
                Pen.fit(enter + (used ? "" : " " + notUsed(mode)), end - 2),
                used ? Role.PLAIN : Role.DIM);
        int c = pen.put(2, height - 2, look.glyphs().upDown(), Role.KEY);
        c = pen.put(c, height - 2, look.say(" pick   ", " 选择   "), Role.PLAIN);
        c = pen.put(c, height - 2, "Enter", Role.KEY);
        c = pen.put(c, height - 2, look.say(" next value   ", " 下一个值   "), Role.PLAIN);
        c = pen.put(c, height - 2, "o", Role.KEY);
        c = pen.put(c, height - 2, look.say(" or ", " 或 "), Role.PLAIN);
        c = pen.put(c, height - 2, "Esc", Role.KEY);
        pen.put(c, height - 2, look.say(" close", " 关闭"), Role.PLAIN);
    }

    private String notUsed(String mode) {
        return look.say("(not used by " + mode + ")", "（" + mode + " 不读它）");
    }
}
