package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.Locale;
import lab.session.Header;
import lab.session.LabSnapshot;
import lab.session.ServerInfo;

/**
 * Two rows: the mode as a badge two rows tall (read from the back of the room, and named, never colour alone),
 * then the session's knobs and each server's state and source.
 */
final class HeaderPanel {
    static final int HEIGHT = 2;
    private final Look look;

    HeaderPanel(Look look) {
        this.look = look;
    }

    /** {@code banner}: null live; a replay's line, drawn where the servers are, with REPLAY on the badge. */
    void draw(TextGraphics region, LabSnapshot s, String banner) {
        Pen pen = new Pen(region, look);
        Header h = s.header();
        String name = h.mode().toUpperCase(Locale.ROOT);
        int badge = Math.max(Pen.cells(name), 4) + 4;
        pen.putBadge(
                0,
                0,
                Pen.fit("  " + (banner != null ? look.say("REPLAY", "回放") : look.say("MODE", "模式")), badge),
                h.mode());
        int col = pen.putBadge(0, 1, Pen.fit("  " + name, badge), h.mode()) + 1;

        String sep = look.glyphs().separator();
        String knobs = look.say(h.workers() + (h.workers() == 1 ? " worker" : " workers"), h.workers() + " 个 worker")
                + sep + look.say("every ", "间隔 ") + ScreenTimes.duration(h.every()) + sep + look.say("task ", "任务 ")
                + ScreenTimes.duration(h.taskTime()) + sep + "ttl " + ScreenTimes.duration(h.lockTtl()) + sep
                + look.say("store ", "存储 ") + h.store();
        pen.put(col, 0, knobs, Role.TITLE);

        if (banner != null) {
            pen.put(col, 1, banner, Role.WARN);
            return;
        }
        // The in-process H2 is left out: row 1 names the store, and the room needed is for where Redis and
        // PostgreSQL came from (the machine's binaries or Maven Central's), which decides what the room sees.
        int c = col;
        boolean first = true;
        for (ServerInfo server : h.servers()) {
            if (server.source().equals("in-process")) {
                continue;
            }
            if (!first) {
                c = pen.put(c, 1, sep, Role.DIM);
            }
            first = false;
            c = pen.put(c, 1, server.name() + " ", Role.PLAIN);
            c = pen.put(c, 1, stateWord(server.state()), stateRole(server.state()));
            if (!server.source().isEmpty() && !server.source().equals(server.state())) {
                c = pen.put(c, 1, " (" + server.source() + ")", Role.DIM);
            }
        }
        if (first) {
            pen.put(c, 1, look.say("no servers", "无服务器"), Role.DIM);
        }
    }

    /** A server's state as this look's language says it; the state's own name where there is no other word. */
    private String stateWord(String state) {
        return switch (state) {
            case "ready" -> look.say(state, "就绪");
            case "starting" -> look.say(state, "启动中");
            case "down" -> look.say(state, "已停止");
            case "failed" -> look.say(state, "启动失败");
            case "external" -> look.say(state, "外部");
            default -> state;
        };
    }

    private static Role stateRole(String state) {
        return switch (state) {
            case "ready", "external" -> Role.GOOD;
            case "starting" -> Role.WARN;
            case "down", "failed" -> Role.BAD;
            default -> Role.PLAIN;
        };
    }
}
