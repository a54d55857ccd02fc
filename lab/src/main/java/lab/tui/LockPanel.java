package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;
import lab.session.LabSnapshot;
import lab.session.LockView;

/**
 * Who holds the lock, as the store sees it: the Redis key, its owner and the TTL left as a bar; the PostgreSQL
 * holder and its queue; or, for local-mutex, every worker holding its own mutex at once, the visual proof that an
 * in-process lock does not exclude across processes. Long values wrap rather than vanish past the edge. Drawn by how
 * the mode's lock is seen ({@code Mode.Sight}), never by mode: a new mode is drawn as its kind of lock, and a new
 * kind of lock does not compile until it is drawn here.
 */
final class LockPanel {
    private static final int LABEL = 8;
    private static final String TTL_BAR = "\u0000ttl";
    private final Look look;

    private record Line(String label, String value, Role role) {}

    LockPanel(Look look) {
        this.look = look;
    }

    int wantedHeight(LabSnapshot s, int width) {
        int rows = 1;
        for (Line line : lines(s.lock())) {
            rows += line.label().equals(TTL_BAR)
                    ? 1
                    : Pen.wrap(line.value(), width - indent(line)).size();
        }
        return rows;
    }

    void draw(TextGraphics region, LabSnapshot s) {
        Pen pen = new Pen(region, look);
        LockView lock = s.lock();
        int c = pen.put(0, 0, look.say("Lock: ", "锁："), Role.TITLE);
        pen.putMode(c, 0, lock.lock().label(), lock.lock().label());
        int y = 1;
        for (Line line : lines(lock)) {
            if (line.label().equals(TTL_BAR)) {
                ttl(pen, y++, lock);
                continue;
            }
            pen.put(0, y, line.label(), Role.PLAIN);
            for (String part : Pen.wrap(line.value(), pen.width() - indent(line))) {
                pen.put(indent(line), y++, part, line.role());
            }
        }
    }

    private List<Line> lines(LockView lock) {
        String holder = lock.holder() == null ? look.say("(free)", "（空闲）") : lock.holder();
        Role holderRole = lock.holder() == null ? Role.DIM : Role.GOOD;
        Line key = new Line(look.say("key", "键"), lock.key(), Role.PLAIN);
        // A switch expression: a new way of seeing a lock does not compile until it is drawn here.
        List<Line> lines = new ArrayList<>(
                switch (lock.lock().sight()) {
                    case LEASE -> List.of(
                            key,
                            new Line(look.say("owner", "持有者"), holder, holderRole),
                            new Line(TTL_BAR, "", Role.PLAIN));
                    case QUEUE -> List.of(key, new Line(look.say("holder", "持有者"), holder, holderRole), queue(lock));
                        // A learner's lock: what the lab saw of its calls, the only sight the lab has of it.
                    case CALLS -> List.of(
                            key,
                            new Line(look.say("holder", "持有者"), holder, holderRole),
                            new Line("", look.say("as its calls said", "据它的调用所报"), Role.DIM));
                    case EACH_PROCESS -> holders(
                            lock,
                            look.say(
                                    n(lock) + " at once: each JVM has its own mutex",
                                    n(lock) + " 个同时持有：每个 JVM 各有一把自己的锁"),
                            look.say("one mutex per JVM, none across them", "每个 JVM 一把进程内锁，跨进程互不相见"));
                    case EACH_HOST -> {
                        List<Line> file = new ArrayList<>();
                        file.add(new Line(look.say("file", "文件"), lock.key(), Role.PLAIN));
                        file.addAll(holders(
                                lock,
                                look.say(n(lock) + " at once: one lock per host", n(lock) + " 个同时持有：每台主机各一把"),
                                look.say("one file lock per host, none across hosts", "每台主机一把文件锁，跨主机互不相见")));
                        yield file;
                    }
                    case CLUSTER -> cluster(lock, holderRole);
                    case NONE -> List.of(new Line(
                            "",
                            look.say("no lock: every worker runs every tick", "无锁：每个 worker 每个 tick 都执行"),
                            Role.WARN));
                });
        if (lock.note() != null) {
            lines.add(new Line("", lock.note(), Role.DIM));
        }
        return lines;
    }

    /**
     * A clustered store: the trigger, the fire in flight and its node, and one row per node, its last check-in and the
     * moment the others will call it dead. The observer's sentences are the headless line's; the panel, a third of
     * the screen wide, keeps their times to the second and drops their words.
     */
    private List<Line> cluster(LockView lock, Role holderRole) {
        List<Line> lines = new ArrayList<>();
        lines.add(new Line(look.say("trigger", "触发器"), lock.key(), Role.PLAIN));
        String firing = lock.holder() == null
                ? look.say("(none)", "（无）")
                : lock.holder().replaceAll(" \\(scheduled [^)]*\\)", "");
        lines.add(new Line(look.say("firing", "触发中"), firing, holderRole));
        if (lock.waiters().isEmpty()) {
            lines.add(new Line(look.say("nodes", "节点"), look.say("none checked in", "无节点签到"), Role.DIM));
        }
        String arrow = " " + look.glyphs().arrow() + " ";
        for (String node : lock.waiters()) {
            // "w1 checked in 18:00:00.598, dead after 18:00:08.500" → "w1      18:00:00 → 18:00:08"
            String[] w = node.split(" ", 2);
            String times = w.length < 2
                    ? ""
                    : w[1].replace("checked in ", "")
                            .replace(", dead after ", arrow)
                            .replaceAll("\\.\\d{3}", "");
            lines.add(new Line(w[0], times, Role.PLAIN));
        }
        return lines;
    }

    private Line queue(LockView lock) {
        String queue = look.say("queue", "排队");
        return lock.waiters().isEmpty()
                ? new Line(queue, look.say("nobody waits", "无人等待"), Role.DIM)
                : new Line(queue, String.join(", ", lock.waiters()) + look.say(" (waiting)", "（等待中）"), Role.WARN);
    }

    private static int n(LockView lock) {
        return lock.localHolders().size();
    }

    /**
     * A lock seen through the workers' events (one per JVM, or one per host): who holds one now, and, in red, when
     * several hold "the" lock at once — the sight the lesson is about.
     */
    private List<Line> holders(LockView lock, String many, String alone) {
        int n = n(lock);
        return List.of(
                new Line(
                        look.say("holding", "持有"),
                        n == 0 ? look.say("nobody", "无") : String.join(" ", lock.localHolders()),
                        n > 1 ? Role.BAD : Role.PLAIN),
                n > 1 ? new Line("", many, Role.BAD) : new Line("", alone, Role.DIM));
    }

    private static int indent(Line line) {
        return line.label().isEmpty() ? 0 : LABEL;
    }

    private void ttl(Pen pen, int y, LockView lock) {
        pen.put(0, y, "ttl", Role.PLAIN);
        if (lock.holder() == null || lock.ttlMillis() < 0) {
            pen.put(LABEL, y, lock.holder() == null ? "-" : look.say("unknown", "未知"), Role.DIM);
            return;
        }
        String of = lock.ttlTotalMillis() > 0 ? ScreenTimes.seconds(lock.ttlTotalMillis()) : null;
        String left = of == null
                ? ScreenTimes.seconds(lock.ttlMillis())
                : look.say(
                        ScreenTimes.seconds(lock.ttlMillis()) + " of " + of,
                        ScreenTimes.seconds(lock.ttlMillis()) + " / " + of);
        int barWidth = Math.max(4, pen.width() - LABEL - Pen.cells(left) - 1);
        // Under a second left the holder is about to lose the lock mid-job: the trap the TTL lessons show.
        int c = pen.put(LABEL, y, bar(pen.glyphs(), lock, barWidth), lock.ttlMillis() < 1000 ? Role.WARN : Role.GOOD);
        pen.put(c + 1, y, left, Role.PLAIN);
    }

    static String bar(Glyphs glyphs, LockView lock, int width) {
        long total = lock.ttlTotalMillis() > 0 ? lock.ttlTotalMillis() : Math.max(1, lock.ttlMillis());
        int filled = (int) Math.round(width * Math.min(1.0, (double) lock.ttlMillis() / total));
        return String.valueOf(glyphs.barFull()).repeat(filled)
                + String.valueOf(glyphs.barEmpty()).repeat(width - filled);
    }
}
