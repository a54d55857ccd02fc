package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;

/** The {@code ?} box: every key, what it does, and how to read the timeline. */
final class HelpOverlay {
    private final Look look;

    HelpOverlay(Look look) {
        this.look = look;
    }

    private List<String> lines() {
        String upDown = look.glyphs().upDown();
        List<String> lines = new ArrayList<>(List.of(
                look.say("Keys (letters only: function keys fail under tmux)", "按键（只用字母键：功能键在 tmux 里会失灵）"), ""));
        lines.addAll(ModeKeys.helpLines(look));
        lines.addAll(List.of(
                look.say("+ add a worker          - remove a worker", "+ 加一个 worker          - 减一个 worker"),
                look.say(
                        upDown + " select a worker (none selected: the lock holder)",
                        upDown + " 选中一个 worker（不选时：锁的持有者）"),
                look.say("k kill -9 it   p pause / resume it   r restart it", "k kill -9 杀掉   p 暂停 / 恢复   r 重启"),
                look.say("r with none selected: a worker that is down first", "不选时 r 先重启已退出的 worker"),
                look.say(
                        "s stop it gracefully (SIGTERM)   a restart it 3 s ahead / on time",
                        "s 正常停止（SIGTERM）   a 重启，时钟拨快 3 秒 / 拨回"),
                look.say(
                        "R stop / start Redis    P stop / start PostgreSQL", "R 停止 / 启动 Redis    P 停止 / 启动 PostgreSQL"),
                look.say(
                        "B restart Redis at once (it keeps what redis-persistence says)",
                        "B 立即重启 Redis（保留什么由 redis-persistence 决定）"),
                look.say("t cycle the task time   c clear the counter table", "t 切换任务耗时          c 清空 counter 表"),
                look.say("x cut the holder's host off from the lock servers / heal it", "x 把持有者所在主机与锁服务器断开 / 恢复"),
                look.say(
                        "o knob panel: " + upDown + " pick a knob, Enter sets its next value",
                        "o 参数面板：" + upDown + " 选参数，Enter 换成下一个值"),
                look.say("e why line: one finding back (wraps to the newest)", "e 原因行：往回看一条（到头后回到最新）"),
                look.say("space pause / resume the scenario   n next step", "space 暂停 / 继续场景   n 下一步"),
                look.say("q quit (y confirms)     ? or Esc close this help", "q 退出（y 确认）        ? 或 Esc 关闭帮助"),
                "",
                look.say("Timeline: ", "时间线：") + TimelinePanel.legend(look),
                look.say(
                        look.glyphs().switchMark() + " mode switch   DUP "
                                + look.glyphs().times() + "k: k rows for one tick",
                        look.glyphs().switchMark() + " 切换模式   DUP "
                                + look.glyphs().times() + "k：同一个 tick 写了 k 行")));
        return lines;
    }

    /** Draws a box centred on {@code screen}, blanking what is under it; says where {@code serversEnv} is. */
    void draw(TextGraphics screen, String serversEnv) {
        List<String> lines = new ArrayList<>(lines());
        if (!serversEnv.isEmpty()) {
            lines.add("");
            lines.add(look.say(
                    "redis-cli, psql, H2 shell with this session's password:", "用本次会话的密码连 redis-cli、psql、H2 shell："));
            lines.add(". " + serversEnv);
        }
        int inner = lines.stream().mapToInt(Pen::cells).max().orElse(0);
        TerminalSize size = screen.getSize();
        int width = Math.min(size.getColumns(), inner + 4);
        int height = Math.min(size.getRows(), lines.size() + 2);
        Pen pen = Box.centred(screen, look, width, height);
        for (int y = 1; y < height - 1; y++) {
            pen.put(2, y, Pen.head(lines.get(y - 1), width - 4), y == 1 ? Role.TITLE : Role.PLAIN);
        }
    }
}
