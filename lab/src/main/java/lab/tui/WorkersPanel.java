package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;
import lab.session.LabSnapshot;
import lab.session.WorkerView;

/**
 * One row per worker; its column header doubles as the panel's title. With workers on several simulated hosts, each
 * host's workers stand under a line that names it, as machines in a rack: which file lock a worker shares is then
 * read off the screen.
 */
final class WorkersPanel {
    private final Look look;
    // Built with the same widths as the rows, in cells, so that the header cannot drift from the columns.
    private final String columns;

    WorkersPanel(Look look) {
        this.look = look;
        this.columns = " " + Pen.fit("id", 5) + Pen.fit("pid", 9) + Pen.fit(look.say("port", "端口"), 7)
                + Pen.fit(look.say("state", "状态"), 10) + Pen.fit(look.say("mode", "模式"), 13)
                + Pen.fit(look.say("last", "上次"), 9) + Pen.right(look.say("exec", "执行"), 5)
                + Pen.right(look.say("skip", "跳过"), 7) + Pen.right(look.say("err", "出错"), 6) + "  "
                + look.say("lock", "锁");
    }

    /** The rows this panel wants: the header and one per worker (or a "no workers" line). */
    static int wantedHeight(LabSnapshot s) {
        return 1 + Math.max(1, lines(s.workers()).size());
    }

    /** The rows under the header: each worker, preceded by its host's name where the lab has several hosts. */
    private static List<Object> lines(List<WorkerView> workers) {
        List<Object> lines = new ArrayList<>();
        String host = "";
        for (WorkerView w : workers) {
            if (!w.host().isEmpty() && !w.host().equals(host)) {
                host = w.host();
                lines.add(host);
            }
            lines.add(w);
        }
        return lines;
    }

    void draw(TextGraphics region, LabSnapshot s) {
        Pen pen = new Pen(region, look);
        pen.put(0, 0, Pen.fit(columns, pen.width()), Role.TITLE);
        List<WorkerView> workers = s.workers();
        if (workers.isEmpty()) {
            pen.put(1, 1, look.say("no workers", "没有 worker"), Role.DIM);
            return;
        }
        List<Object> lines = lines(workers);
        int room = pen.height() - 1;
        // When they do not all fit, the last line says how many are hidden rather than dropping them silently.
        int shown = lines.size() <= room ? lines.size() : Math.max(0, room - 1);
        for (int i = 0; i < shown; i++) {
            if (lines.get(i) instanceof WorkerView w) {
                row(pen, 1 + i, w);
            } else {
                String rule = String.valueOf(look.glyphs().horizontal()).repeat(2);
                pen.put(1, 1 + i, rule + " " + lines.get(i) + " " + rule, Role.DIM);
            }
        }
        if (shown < lines.size() && room > 0) {
            int more = (int) lines.subList(shown, lines.size()).stream()
                    .filter(l -> l instanceof WorkerView)
                    .count();
            pen.put(1, room, look.say("... " + more + " more workers", "…… 还有 " + more + " 个 worker"), Role.DIM);
        }
    }

    private void row(Pen pen, int y, WorkerView w) {
        // The marker is a character, not only a colour, so the selection reads in monochrome too.
        int c = pen.put(
                0,
                y,
                (w.selected() ? ">" : " ")
                        + Pen.fit(w.id(), 5)
                        + Pen.fit(Long.toString(w.pid()), 9)
                        + Pen.fit(w.port() > 0 ? Integer.toString(w.port()) : "-", 7),
                Role.PLAIN);
        // A worker that ended on its own shows its exit code where the state is (the events say the signal and its
        // last stderr lines): "exit 137" is the first thing a trainer needs to tell a crash from a kill.
        boolean crashed = !w.exitCode().isEmpty();
        c = pen.put(
                c,
                y,
                Pen.fit(skewed(crashed ? look.say("exit ", "退出 ") + w.exitCode() : stateWord(w.state()), w.skew()), 10),
                crashed ? Role.BAD : stateRole(w.state()));
        // A space always follows the name: quartz-cluster, one column too long, ran into the outcome.
        c = pen.putMode(c, y, Pen.fit(Pen.fit(w.mode(), 12), 13), w.mode());
        c = pen.put(c, y, Pen.fit(outcomeWord(w.lastOutcome()), 9), outcomeRole(w.lastOutcome()));
        c = pen.put(
                c,
                y,
                Pen.right(Long.toString(w.executed()), 5) + Pen.right(Long.toString(w.skipped()), 7)
                        + Pen.right(Long.toString(w.errors()), 6) + "  ",
                Role.PLAIN);
        if (w.holdsLock()) {
            pen.put(c, y, look.say("HOLDS", "持有"), Role.GOOD);
        }
    }

    /**
     * The state with the offset the lab set on its clock ({@code up +3s}), the state cut so that the offset always
     * shows and a space still follows: on 80 columns the row has no room for a column of its own.
     */
    static String skewed(String state, String skew) {
        if (skew.isEmpty()) {
            return state;
        }
        int room = Math.max(0, 9 - Pen.cells(skew) - 1);
        String head = Pen.cells(state) <= room ? state : Pen.fit(state, room).stripTrailing();
        return head.isEmpty() ? skew : head + " " + skew;
    }

    private String stateWord(String state) {
        return switch (state) {
            case "up" -> look.say(state, "运行");
            case "starting" -> look.say(state, "启动中");
            case "paused" -> look.say(state, "已暂停");
            case "killed" -> look.say(state, "已杀掉");
            case "exited" -> look.say(state, "已退出");
            case "lost" -> look.say(state, "失联");
            default -> state;
        };
    }

    private String outcomeWord(String outcome) {
        return switch (outcome) {
            case "executed" -> look.say(outcome, "执行");
            case "skipped" -> look.say(outcome, "跳过");
            case "refused" -> look.say(outcome, "被拒");
            case "error" -> look.say(outcome, "出错");
            case "none" -> look.say(outcome, "无");
            default -> outcome;
        };
    }

    private static Role stateRole(String state) {
        return switch (state) {
            case "up" -> Role.GOOD;
            case "starting", "paused" -> Role.WARN;
            case "killed", "lost" -> Role.BAD;
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
