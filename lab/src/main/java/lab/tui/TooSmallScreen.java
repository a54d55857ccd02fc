package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.List;

/** Below 80x24 the panels would overlap into nonsense; say so plainly instead, and keep the keys working. */
final class TooSmallScreen {
    private final Look look;

    TooSmallScreen(Look look) {
        this.look = look;
    }

    void draw(TextGraphics screen, int minColumns, int minRows) {
        Pen pen = new Pen(screen, look);
        pen.clear();
        List<String> lines = List.of(
                look.say("Terminal too small: ", "终端窗口太小：") + pen.width() + "x" + pen.height(),
                look.say(
                        "The dashboard needs at least " + minColumns + "x" + minRows + ".",
                        "仪表盘至少需要 " + minColumns + "x" + minRows + "。"),
                look.say("Enlarge the window, or press q to quit.", "请把窗口拉大，或按 q 退出。"));
        int top = Math.max(0, (pen.height() - lines.size()) / 2);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            pen.put(Math.max(0, (pen.width() - Pen.cells(line)) / 2), top + i, line, i == 0 ? Role.WARN : Role.PLAIN);
        }
    }
}
