package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.time.Instant;
import java.util.List;
import lab.check.Figures;
import lab.session.LabSnapshot;
import lab.session.ModeTotal;
import lab.store.CounterRow;

/**
 * The latest rows of the counter table, each row of a tick that has more than one marked {@code DUP ×k}; under
 * them the why line (when the checker has explained something), and the running totals per mode: the checker's
 * two figures, duplicates and overlaps, side by side.
 */
final class CounterPanel {
    private final Look look;
    private final String totalsHeader;

    CounterPanel(Look look) {
        this.look = look;
        this.totalsHeader = Pen.fit(look.say("mode", "模式"), 13)
                + Pen.right(look.say("ticks", "tick"), 6)
                + Pen.right(look.say("dup", "重复"), 6)
                + Pen.right(look.say("extra", "多写"), 7)
                + Pen.right(look.say("overlaps", "重叠"), 10);
    }

    /** Draws the table of {@code s} and, under it, the totals. */
    void draw(TextGraphics region, LabSnapshot s) {
        Pen pen = new Pen(region, look);
        List<ModeTotal> totals = s.totalsByMode();
        int totalsHeight = totals.isEmpty() ? 0 : 1 + totals.size();
        // Rows get what the totals leave, but the totals give way first on a short screen: rows are the live part.
        int fixed = 2;
        int rowRoom = Math.max(0, Math.max(Math.min(2, pen.height() - fixed), pen.height() - fixed - totalsHeight));
        pen.put(0, 0, look.say("Counter table, latest rows", "counter 表，最新的行"), Role.TITLE);
        int idWidth = 5;
        int workerWidth = Math.max(
                3,
                s.latestRows().stream()
                        .mapToInt(r -> Pen.cells(r.worker()))
                        .max()
                        .orElse(0));
        pen.put(
                0,
                1,
                Pen.right("id", idWidth) + " " + Pen.fit("tick", 9) + Pen.fit("wkr", workerWidth + 1)
                        + Pen.fit("created_at", 13) + look.say("mode", "模式"),
                Role.DIM);

        List<CounterRow> rows = s.latestRows();
        List<CounterRow> tail = rows.subList(Math.max(0, rows.size() - rowRoom), rows.size());
        int y = 2;
        if (rows.isEmpty()) {
            pen.put(1, y++, look.say("no rows yet", "还没有行"), Role.DIM);
        }
        for (CounterRow r : tail) {
            int k = rowsOfTick(s, r.tickAt());
            Role role = k > 1 ? Role.BAD : Role.PLAIN;
            int c = pen.put(
                    0,
                    y,
                    Pen.right(Long.toString(r.id()), idWidth) + " "
                            + Pen.fit(ScreenTimes.tick(r.tickAt(), look.zone()), 9)
                            + Pen.fit(r.worker(), workerWidth + 1)
                            + Pen.fit(ScreenTimes.millis(r.createdAt(), look.zone()), 13),
                    role);
            c = pen.putMode(c, y, Pen.fit(r.mode(), 12), r.mode());
            if (k > 1) {
                pen.put(c, y, dupMark(look.glyphs(), k), Role.DUP);
            }
            y++;
        }

        int top = pen.height() - totalsHeight;
        if (totals.isEmpty() || top < y) {
            return;
        }
        pen.put(0, top, totalsHeader, Role.DIM);
        int i = 1;
        for (ModeTotal t : totals) {
            Figures f = t.figures();
            int c = pen.putMode(0, top + i, Pen.fit(t.mode(), 13), t.mode());
            c = pen.put(c, top + i, Pen.right(Integer.toString(f.ticks()), 6), Role.PLAIN);
            c = pen.put(
                    c,
                    top + i,
                    Pen.right(Integer.toString(f.duplicateTicks()), 6),
                    f.duplicateTicks() > 0 ? Role.BAD : Role.GOOD);
            c = pen.put(
                    c,
                    top + i,
                    Pen.right(Integer.toString(f.extraRows()), 7),
                    f.extraRows() > 0 ? Role.BAD : Role.GOOD);
            pen.put(c, top + i, Pen.right(Integer.toString(f.overlaps()), 10), f.overlaps() > 0 ? Role.BAD : Role.GOOD);
            i++;
        }
    }

    /** The table's count for the tick; the rows on screen only when the model did not count that tick. */
    private static int rowsOfTick(LabSnapshot s, Instant tick) {
        Integer counted = s.rowsPerTick().get(tick);
        if (counted != null) {
            return counted;
        }
        return (int)
                s.latestRows().stream().filter(r -> r.tickAt().equals(tick)).count();
    }

    static String dupMark(Glyphs glyphs, int k) {
        return "DUP " + glyphs.times() + k;
    }
}
