package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;
import lab.nemesis.ServerName;
import lab.session.LabSnapshot;

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

    /** {@code replay}: a recording plays, and its keys replace the live lab's. */
    void draw(TextGraphics region, LabSnapshot s, boolean replay) {
        Pen pen = new Pen(region, look);
        int y = pen.height() - 1;
        if (s.flash() != null && y > 0) {
            pen.put(0, y - 1, Pen.fit(" " + s.flash(), pen.width()), Role.FLASH);
        }
        if (s.quitAsked() && replay) {
            int c = pen.put(0, y, look.say(" Quit the replay? ", " 退出回放？"), Role.FLASH);
            c = pen.put(c + 1, y, "y", Role.KEY);
            pen.put(c, y, look.say(" yes   any other key: no", " 是   其他键：否"), Role.PLAIN);
            return;
        }
        if (s.quitAsked()) {
            int c = pen.put(0, y, look.say(" Quit the lab? ", " 退出实验？"), Role.FLASH);
            c = pen.put(c + 1, y, "y", Role.KEY);
            c = pen.put(c, y, look.say(" yes, stop every worker and server   ", " 是，停掉所有 worker 和服务器   "), Role.PLAIN);
            pen.put(c, y, look.say("any other key: no", "其他键：否"), Role.PLAIN);
            return;
        }
        int c = 0;
        // Whole entries only: a key cut in half reads as a different key. The help box lists every one.
        for (String[] key : replay ? replayKeys() : keys(s)) {
            if (c + Pen.cells(key[0]) + Pen.cells(key[1]) + 1 > pen.width()) {
                continue;
            }
            c = pen.put(c, y, key[0], Role.KEY);
            c = pen.put(c, y, " " + key[1] + " ", Role.PLAIN);
        }
    }

    private List<String[]> replayKeys() {
        return List.of(
                new String[] {"?", look.say("help", "帮助")},
                new String[] {"q", look.say("quit", "退出")},
                new String[] {"space", look.say("play", "播放")},
                new String[] {", .", look.say("step", "单步")},
                new String[] {"[ ]", look.say("speed", "速度")},
                new String[] {"g", look.say("next dup/miss", "下一个重复/漏跑")},
                new String[] {"e", look.say("why", "原因")});
    }

    private List<String[]> keys(LabSnapshot s) {
        List<String[]> keys = new ArrayList<>();
        keys.add(new String[] {"?", look.say("help", "帮助")});
        keys.add(new String[] {"q", look.say("quit", "退出")});
        if (s.scenario() != null) {
            keys.add(
                    new String[] {"space", s.scenario().paused() ? look.say("resume", "继续") : look.say("pause", "暂停")});
            keys.add(new String[] {"n", look.say("next", "下一步")});
        }
        keys.add(new String[] {ModeKeys.range(), look.say("mode", "模式")});
        keys.add(new String[] {"m", look.say("all modes", "所有模式")});
        keys.add(new String[] {"o", look.say("knobs", "参数")});
        keys.add(new String[] {"e", look.say("why", "原因")});
        keys.add(new String[] {"k", look.say("kill", "杀掉")});
        keys.add(new String[] {"p", look.say("pause", "暂停")});
        keys.add(new String[] {"r", look.say("restart", "重启")});
        keys.add(new String[] {"+/-", "worker"});
        keys.add(new String[] {"R", ServerName.REDIS.toString()});
        keys.add(new String[] {"B", look.say("restart redis", "重启 redis")});
        keys.add(new String[] {"P", "pg"});
        keys.add(new String[] {"t", look.say("task", "任务")});
        keys.add(new String[] {"c", look.say("clear", "清表")});
        keys.add(new String[] {"a", look.say("skew", "时钟")});
        if (s.workers().stream().anyMatch(w -> !w.host().isEmpty())) {
            keys.add(new String[] {"x", look.say("cut host", "断开主机")});
        }
        keys.add(new String[] {look.glyphs().upDown(), look.say("select", "选择")});
        return keys;
    }
}
