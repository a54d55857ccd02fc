package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.List;
import lab.session.LabSnapshot;
import lab.session.WorkerView;

/** One row per worker; its column header doubles as the panel's title. */
final class WorkersPanel {
    // Built with the same widths as the rows, so that the header cannot drift from the columns.
    private static final String COLUMNS = " " + Pen.fit("id", 5) + Pen.fit("pid", 9) + Pen.fit("port", 7)
            + Pen.fit("state", 10) + Pen.fit("mode", 13) + Pen.fit("last", 9) + Pen.right("exec", 5)
            + Pen.right("skip", 7) + Pen.right("err", 6) + "  lock";
    private final Look look;

    WorkersPanel(Look look) {
        this.look = look;
    }

    /** The rows this panel wants: the header and one per worker (or a "no workers" line). */
    static int wantedHeight(LabSnapshot s) {
        return 1 + Math.max(1, s.workers().size());
    }

    void draw(TextGraphics region, LabSnapshot s) {
        Pen pen = new Pen(region, look);
        pen.put(0, 0, Pen.fit(COLUMNS, pen.width()), Role.TITLE);
        List<WorkerView> workers = s.workers();
        if (workers.isEmpty()) {
            pen.put(1, 1, "no workers", Role.DIM);
            return;
        }
        int room = pen.height() - 1;
        // When they do not all fit, the last line says how many are hidden rather than dropping them silently.
        int shown = workers.size() <= room ? workers.size() : Math.max(0, room - 1);
        for (int i = 0; i < shown; i++) {
            row(pen, 1 + i, workers.get(i));
        }
        if (shown < workers.size() && room > 0) {
            pen.put(1, room, "... " + (workers.size() - shown) + " more workers", Role.DIM);
        }
    }

    private static void row(Pen pen, int y, WorkerView w) {
        // The marker is a character, not only a colour, so the selection reads in monochrome too.
        int c = pen.put(
                0,
                y,
                (w.selected() ? ">" : " ")
                        + Pen.fit(w.id(), 5)
                        + Pen.fit(Long.toString(w.pid()), 9)
                        + Pen.fit(w.port() > 0 ? Integer.toString(w.port()) : "-", 7),
                Role.PLAIN);
        c = pen.put(c, y, Pen.fit(w.state(), 10), stateRole(w.state()));
        c = pen.putMode(c, y, Pen.fit(w.mode(), 13), w.mode());
        c = pen.put(c, y, Pen.fit(w.lastOutcome(), 9), outcomeRole(w.lastOutcome()));
        c = pen.put(
                c,
                y,
                Pen.right(Long.toString(w.executed()), 5) + Pen.right(Long.toString(w.skipped()), 7)
                        + Pen.right(Long.toString(w.errors()), 6) + "  ",
                Role.PLAIN);
        if (w.holdsLock()) {
            pen.put(c, y, "HOLDS", Role.GOOD);
        }
    }

    private static Role stateRole(String state) {
        return switch (state) {
            case "up" -> Role.GOOD;
            case "starting", "paused" -> Role.WARN;
            case "killed" -> Role.BAD;
            default -> Role.DIM;
        };
    }

    private static Role outcomeRole(String outcome) {
        return switch (outcome) {
            case "executed" -> Role.GOOD;
            case "error" -> Role.BAD;
            default -> Role.DIM;
        };
    }
}
