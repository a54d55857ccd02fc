package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.List;

/**
 * The {@code ?} box of a replay ({@link Playback}): the keys that move through the recording, and that the live
 * dashboard's keys, which would change a lab, are refused there. The live box would list keys that do nothing.
 */
final class ReplayHelp {
    private final Look look;

    ReplayHelp(Look look) {
        this.look = look;
    }

    private List<String> lines() {
        return List.of(
                look.say("Replay keys (nothing runs: a recording plays)", "回放按键（什么都不运行：播放的是录制）"),
                "",
                look.say("space pause / play (at the end: from the start)", "space 暂停 / 播放（到末尾后：从头播放）"),
                look.say(".  one tick forward      ,  one tick back", ".  前进一个 tick          ,  后退一个 tick"),
                look.say(
                        "[  half the speed        ]  twice the speed (1/4x to 8x)",
                        "[  速度减半               ]  速度加倍（1/4x 到 8x）"),
                look.say("g  the next duplicate or missed tick, with its why line", "g  下一个重复或漏跑的 tick，带原因行"),
                look.say("e  why line: one finding back", "e  原因行：往回看一条"),
                look.say("q  quit (y confirms)     ? or Esc close this help", "q  退出（y 确认）          ? 或 Esc 关闭帮助"),
                "",
                look.say("Live keys (modes, faults, workers, knobs) are refused:", "实时运行的按键（模式、故障、worker、参数）会被拒绝："),
                look.say("one line says a replay cannot, and nothing changes.", "一行提示回放做不到，什么都不改变。"));
    }

    /** Draws a box centred on {@code screen}, blanking what is under it. */
    void draw(TextGraphics screen) {
        List<String> lines = lines();
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
