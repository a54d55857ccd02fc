package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;

/** The {@code ?} box: every key, what it does, and how to read the timeline. */
final class HelpOverlay {
    private static final List<String> LINES = List.of(
            "Keys (letters only: function keys fail under tmux)",
            "",
            // From the modes' own declarations: a new mode's key shows here without a line of its own.
            java.util.Arrays.stream(lab.protocol.Mode.values())
                    .map(m -> m.key() + " " + m.cliName())
                    .collect(java.util.stream.Collectors.joining("   ")),
            "+ add a worker          - remove a worker",
            "%s select a worker (none selected: the lock holder)",
            "k kill -9 it   p pause / resume it   r restart it",
            "s stop it gracefully (SIGTERM)",
            "R stop / start Redis    P stop / start PostgreSQL",
            "t cycle the task time   c clear the counter table",
            "o knob panel: %s pick a knob, Enter sets its next value",
            "e why line: one finding back (wraps to the newest)",
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
                .map(l -> l.startsWith("%s mode")
                        ? String.format(l, glyphs.switchMark(), glyphs.times())
                        : l.contains("%s") ? String.format(l, glyphs.upDown()) : l)
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
        Pen pen = Box.centred(screen, look, width, height);
        for (int y = 1; y < height - 1; y++) {
            pen.put(2, y, lines.get(y - 1), y == 1 ? Role.TITLE : Role.PLAIN);
        }
    }
}
