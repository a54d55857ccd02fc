package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import lab.session.LabSnapshot;

/** The latest event lines, newest at the bottom, as the model formatted them (lock commands included). */
final class EventsPanel {
    private final Look look;

    EventsPanel(Look look) {
        this.look = look;
    }

    void draw(TextGraphics region, LabSnapshot s) {
        Pen pen = new Pen(region, look);
        pen.put(0, 0, look.say("Events", "事件（worker 原始日志）"), Role.TITLE);
        int room = pen.height() - 1;
        int width = Math.max(20, pen.width());
        // Newest first, each line wrapped whole: the end of a line is where the lock command and its answer are
        // (SET ... NX PX 60000 → nil), the very thing a learner reads it for.
        Deque<String[]> shown = new ArrayDeque<>();
        List<String> events = s.events();
        for (int i = events.size() - 1; i >= 0 && shown.size() < room; i--) {
            List<String> rows = wrap(events.get(i), width);
            for (int r = rows.size() - 1; r >= 0 && shown.size() < room; r--) {
                shown.addFirst(new String[] {rows.get(r), events.get(i)});
            }
        }
        int y = 1;
        for (String[] row : shown) {
            pen.put(0, y++, row[0], role(row[1]));
        }
    }

    /** The line cut into rows of {@code width}, the rows after the first indented so the eye sees one event. */
    static List<String> wrap(String line, int width) {
        List<String> rows = new ArrayList<>();
        String rest = line;
        String indent = "";
        while (indent.length() + rest.length() > width) {
            int cut = width - indent.length();
            int space = rest.lastIndexOf(' ', cut);
            int at = space > cut / 2 ? space : cut;
            rows.add(indent + rest.substring(0, at));
            rest = rest.substring(at).stripLeading();
            indent = "    ";
        }
        rows.add(indent + rest);
        return rows;
    }

    // A lost lock or an error is what the trainer points at; the rest is the steady hum of the lab.
    private static Role role(String line) {
        if (line.contains(" error") || line.contains(" lost")) {
            return Role.BAD;
        }
        return line.contains(" skipped") ? Role.DIM : Role.PLAIN;
    }
}
