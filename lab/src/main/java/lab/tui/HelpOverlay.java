package lab.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;

/** The {@code ?} box: every key, what it does, and how to read the timeline. */
final class HelpOverlay {
    private static final List<String> LINES = List.of(
            "Keys (letters only: function keys fail under tmux)",
            "",
            "1 naive   2 local-mutex   3 redis   4 postgres",
            "+ add a worker          - remove a worker",
            "%s select a worker (none selected: the lock holder)",
            "k kill -9 it   p pause / resume it   r restart it",
            "R stop / start Redis    P stop / start PostgreSQL",
            "t cycle the task time   c clear the counter table",
            "space pause / resume the scenario   n next step",
            "q quit (y confirms)     ? or Esc close this help",
            "",
            "Timeline: " + TimelinePanel.LEGEND,
            "%s mode switch   DUP %sk: k rows for one tick");
    private final Look look;

    HelpOverlay(Look look) {
        this.look = look;
    }

    /** Draws a box centred on {@code screen}, blanking what is under it; says where {@code serversEnv} is. */
    void draw(TextGraphics screen, String serversEnv) {
        Glyphs glyphs = look.glyphs();
        List<String> lines = new ArrayList<>(LINES.stream()
                .map(l -> l.startsWith("%s select")
                        ? String.format(l, glyphs.upDown())
                        : l.startsWith("%s mode") ? String.format(l, glyphs.switchMark(), glyphs.times()) : l)
                .toList());
        if (!serversEnv.isEmpty()) {
            lines.add("");
            lines.add("redis-cli, psql, H2 shell with this session's password:");
            lines.add(". " + serversEnv);
        }
        int inner = lines.stream().mapToInt(String::length).max().orElse(0);
        TerminalSize size = screen.getSize();
        int width = Math.min(size.getColumns(), inner + 4);
        int height = Math.min(size.getRows(), lines.size() + 2);
        TextGraphics box = screen.newTextGraphics(
                new TerminalPosition((size.getColumns() - width) / 2, (size.getRows() - height) / 2),
                new TerminalSize(width, height));
        Pen pen = new Pen(box, look);
        pen.clear();
        String edge = "+" + String.valueOf(glyphs.horizontal()).repeat(width - 2) + "+";
        pen.put(0, 0, edge, Role.TITLE);
        pen.put(0, height - 1, edge, Role.TITLE);
        for (int y = 1; y < height - 1; y++) {
            pen.put(0, y, String.valueOf(glyphs.vertical()), Role.TITLE);
            pen.put(width - 1, y, String.valueOf(glyphs.vertical()), Role.TITLE);
            String line = lines.get(y - 1);
            pen.put(2, y, line, y == 1 ? Role.TITLE : Role.PLAIN);
        }
    }
}
