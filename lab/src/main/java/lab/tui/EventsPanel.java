package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
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
        pen.put(0, 0, "Events", Role.TITLE);
        List<String> events = s.events();
        int room = pen.height() - 1;
        List<String> tail = events.subList(Math.max(0, events.size() - room), events.size());
        int y = 1;
        for (String line : tail) {
            pen.put(0, y++, line, role(line));
        }
    }

    // A lost lock or an error is what the trainer points at; the rest is the steady hum of the lab.
    private static Role role(String line) {
        if (line.contains(" error") || line.contains(" lost")) {
            return Role.BAD;
        }
        return line.contains(" skipped") ? Role.DIM : Role.PLAIN;
    }
}
