package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;
import lab.session.LabSnapshot;
import lab.session.ServerName;

/**
 * The bottom line: the keys, help and quit first because they must survive a narrow screen. Above it, when there
 * is one, the flash message; while quitting, the question replaces the keys.
 */
final class KeyBar {
    private final Look look;

    KeyBar(Look look) {
        this.look = look;
    }

    static int wantedHeight(LabSnapshot s) {
        return s.flash() == null ? 1 : 2;
    }

    void draw(TextGraphics region, LabSnapshot s) {
        Pen pen = new Pen(region, look);
        int y = pen.height() - 1;
        if (s.flash() != null && y > 0) {
            pen.put(0, y - 1, Pen.fit(" " + s.flash(), pen.width()), Role.FLASH);
        }
        if (s.quitAsked()) {
            int c = pen.put(0, y, " Quit the lab? ", Role.FLASH);
            c = pen.put(c + 1, y, "y", Role.KEY);
            c = pen.put(c, y, " yes, stop every worker and server   ", Role.PLAIN);
            pen.put(c, y, "any other key: no", Role.PLAIN);
            return;
        }
        int c = 0;
        // Whole entries only: a key cut in half reads as a different key. The help box lists every one.
        for (String[] key : keys(s)) {
            if (c + key[0].length() + key[1].length() + 1 > pen.width()) {
                continue;
            }
            c = pen.put(c, y, key[0], Role.KEY);
            c = pen.put(c, y, " " + key[1] + " ", Role.PLAIN);
        }
    }

    private List<String[]> keys(LabSnapshot s) {
        List<String[]> keys = new ArrayList<>();
        keys.add(new String[] {"?", "help"});
        keys.add(new String[] {"q", "quit"});
        if (s.scenario() != null) {
            keys.add(new String[] {"space", s.scenario().paused() ? "resume" : "pause"});
            keys.add(new String[] {"n", "next"});
        }
        lab.protocol.Mode[] modes = lab.protocol.Mode.values();
        keys.add(new String[] {modes[0].key() + "-" + modes[modes.length - 1].key(), "mode"});
        keys.add(new String[] {"o", "knobs"});
        keys.add(new String[] {"e", "why"});
        keys.add(new String[] {"k", "kill"});
        keys.add(new String[] {"p", "pause"});
        keys.add(new String[] {"r", "restart"});
        keys.add(new String[] {"+/-", "worker"});
        keys.add(new String[] {"R", ServerName.REDIS.toString()});
        keys.add(new String[] {"P", "pg"});
        keys.add(new String[] {"t", "task"});
        keys.add(new String[] {"c", "clear"});
        keys.add(new String[] {look.glyphs().upDown(), "select"});
        return keys;
    }
}
