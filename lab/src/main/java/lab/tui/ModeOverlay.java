package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import lab.protocol.Mode;

/**
 * The {@code m} box: every registered mode, drawn from its declaration alone (its key if it has one, its name, its kind
 * and what the lab starts for it), the current one marked; a mode loaded at run time is one more row. On a screen too
 * short for every mode the list scrolls with the cursor.
 */
final class ModeOverlay {
    private static final int WIDTH = 80;
    private static final int NAME = 16;
    private static final int KIND = 22;
    // Border, title; after the list the keys; border.
    private static final int FIXED_ROWS = 4;
    private final Look look;

    ModeOverlay(Look look) {
        this.look = look;
    }

    /** Draws the box centred on {@code screen} over what is there, {@code cursor} on the picked mode. */
    void draw(TextGraphics screen, Mode current, int cursor) {
        List<Mode> modes = Mode.values();
        int picked = Math.floorMod(cursor, modes.size());
        TerminalSize size = screen.getSize();
        int width = Math.min(size.getColumns(), WIDTH);
        int height = Math.min(size.getRows(), FIXED_ROWS + modes.size());
        int listRows = Math.max(1, height - FIXED_ROWS);
        int first = Math.max(0, Math.min(picked - listRows + 1, modes.size() - listRows));
        Pen pen = Box.centred(screen, look, width, height);
        int end = width - 2;

        String title = look.say(
                "Modes (now " + current.cliName() + "): Enter switches every worker",
                "模式（当前 " + current.cliName() + "）：Enter 让所有 worker 切换");
        if (listRows < modes.size()) {
            String shown = (first + 1) + "-" + Math.min(modes.size(), first + listRows);
            title += "  " + look.say(shown + " of " + modes.size(), shown + " / 共 " + modes.size());
        }
        pen.put(2, 1, Pen.cut(title, end - 2, look.glyphs()), Role.TITLE);
        for (int i = 0; i < listRows && first + i < modes.size(); i++) {
            Mode m = modes.get(first + i);
            boolean here = first + i == picked;
            int y = 2 + i;
            pen.put(2, y, here ? ">" : " ", Role.TITLE);
            pen.put(4, y, m.key().map(String::valueOf).orElse(" "), Role.KEY);
            String name = m.cliName() + (m.equals(current) ? " *" : "");
            pen.put(6, y, Pen.fit(name, NAME), here ? Role.KEY : Role.PLAIN);
            int c = pen.put(6 + NAME + 1, y, Pen.fit(kind(m), KIND), Role.PLAIN);
            pen.put(c, y, Pen.cut(needs(m), end - c, look.glyphs()), Role.DIM);
        }
        int c = pen.put(2, height - 2, look.glyphs().upDown(), Role.KEY);
        c = pen.put(c, height - 2, look.say(" pick   ", " 选择   "), Role.PLAIN);
        c = pen.put(c, height - 2, "Enter", Role.KEY);
        c = pen.put(c, height - 2, look.say(" switch   ", " 切换   "), Role.PLAIN);
        c = pen.put(c, height - 2, "m", Role.KEY);
        c = pen.put(c, height - 2, look.say(" or ", " 或 "), Role.PLAIN);
        c = pen.put(c, height - 2, "Esc", Role.KEY);
        pen.put(c, height - 2, look.say(" close", " 关闭"), Role.PLAIN);
    }

    /** Whether it guards the job or owns the schedule. */
    String kind(Mode m) {
        return switch (m.scheduling()) {
            case AROUND_THE_JOB -> m.lock().equals(Mode.Lock.NONE)
                    ? look.say("no lock", "不加锁")
                    : look.say("lock around the job", "锁住任务");
            case OWNS_THE_SCHEDULE -> look.say("owns the schedule", "接管调度");
        };
    }

    /** What the lab starts or makes ready for it: {@code needs redis, fencing-counter}. */
    String needs(Mode m) {
        if (m.needs().isEmpty()) {
            return look.say("needs nothing", "无需准备");
        }
        return look.say("needs ", "需要 ")
                + m.needs().stream()
                        .sorted()
                        .map(n -> n.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                        .collect(Collectors.joining(", "));
    }
}
