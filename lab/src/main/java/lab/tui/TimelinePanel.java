package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import lab.session.Cell;
import lab.session.LabSnapshot;
import lab.session.TimelineView;

/**
 * One lane per worker, one column per tick window, newest on the right. Above the lanes, a row marks where the
 * mode changed and a row marks the windows the table holds more than one row for: a column of {@code R}s under a
 * {@code !} is the bug, seen at a glance. Cells are letters so that they read in monochrome too.
 */
final class TimelinePanel {
    private final Look look;

    /** What the letters mean: under the lanes, and in the help box. */
    static String legend(Look look) {
        return look.say(
                "R=ran s=skipped f=write refused (stale token) E=error x=not-alive .=idle !=duplicate",
                "R=执行 s=跳过 f=写入被拒（旧 token） E=出错 x=进程不在 .=空闲 !=重复");
    }

    TimelinePanel(Look look) {
        this.look = look;
    }

    static int wantedHeight(LabSnapshot s) {
        return 3 + Math.max(1, s.timeline().lanes().size()) + 1;
    }

    void draw(TextGraphics region, LabSnapshot s) {
        Pen pen = new Pen(region, look);
        TimelineView t = s.timeline();
        int label = Math.max(
                5, t.lanes().keySet().stream().mapToInt(Pen::cells).max().orElse(0) + 1);
        int columns = Math.max(0, Math.min(t.ticks().size(), pen.width() - label));
        List<Instant> ticks =
                t.ticks().subList(t.ticks().size() - columns, t.ticks().size());
        pen.put(0, 0, look.say("Timeline, last " + columns + " ticks", "时间线，最近 " + columns + " 个 tick"), Role.TITLE);
        pen.put(0, 1, Pen.fit(look.say("mode", "模式"), label), Role.DIM);
        pen.put(0, 2, Pen.fit(look.say("dup", "重复"), label), Role.DIM);
        for (int i = 0; i < columns; i++) {
            Instant tick = ticks.get(i);
            String switched = t.modeSwitches().get(tick);
            if (switched != null) {
                // The name follows the marker; the next marker, drawn later, cuts it where they would collide.
                pen.putMode(label + i, 1, pen.glyphs().switchMark() + switched, switched);
            }
            if (t.duplicateTicks().contains(tick)) {
                pen.put(label + i, 2, "!", Role.BAD);
            }
        }
        int y = 3;
        for (Map.Entry<String, List<Cell>> lane : t.lanes().entrySet()) {
            if (y >= pen.height()) {
                break;
            }
            pen.put(0, y, Pen.fit(lane.getKey(), label), Role.PLAIN);
            List<Cell> cells = lane.getValue();
            for (int i = 0; i < columns; i++) {
                int index = cells.size() - columns + i;
                Cell cell = index >= 0 ? cells.get(index) : Cell.IDLE;
                boolean dup = t.duplicateTicks().contains(ticks.get(i));
                pen.put(label + i, y, letter(cell), role(cell, dup));
            }
            y++;
        }
        if (t.lanes().isEmpty()) {
            pen.put(0, y++, look.say("no workers", "没有 worker"), Role.DIM);
        }
        for (String part : Pen.wrap(legend(look), pen.width())) {
            pen.put(0, y++, part, Role.DIM);
        }
    }

    static String letter(Cell cell) {
        return switch (cell) {
            case RAN -> "R";
            case SKIPPED -> "s";
            case REFUSED -> "f";
            case ERROR -> "E";
            case NOT_ALIVE -> "x";
            case IDLE -> ".";
        };
    }

    private static Role role(Cell cell, boolean duplicateTick) {
        return switch (cell) {
            case RAN -> duplicateTick ? Role.BAD : Role.GOOD;
            case ERROR -> Role.BAD;
            case REFUSED -> Role.WARN;
            default -> Role.DIM;
        };
    }
}
