package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import lab.session.LabSnapshot;
import lab.session.LockView;

/**
 * Who holds the lock, as the store sees it: the Redis key, its owner and the TTL left as a bar; the PostgreSQL
 * holder and its queue; or, for local-mutex, every worker holding its own mutex at once, the visual proof that an
 * in-process lock does not exclude across processes.
 */
final class LockPanel {
    private static final int LABEL = 7;
    private final Look look;

    LockPanel(Look look) {
        this.look = look;
    }

    static int wantedHeight(LabSnapshot s) {
        return 4 + (s.lock().note() == null ? 0 : 1);
    }

    void draw(TextGraphics region, LabSnapshot s) {
        Pen pen = new Pen(region, look);
        LockView lock = s.lock();
        int c = pen.put(0, 0, "Lock: ", Role.TITLE);
        pen.putMode(c, 0, lock.mechanism(), lock.mechanism());
        int y = switch (lock.mechanism()) {
            case "redis" -> redis(pen, lock);
            case "postgres" -> postgres(pen, lock);
            case "local-mutex" -> localMutex(pen, lock);
            default -> line(pen, 1, "", "no lock: every worker runs every tick", Role.WARN);
        };
        if (lock.note() != null) {
            pen.put(0, y, lock.note(), Role.DIM);
        }
    }

    private int redis(Pen pen, LockView lock) {
        line(pen, 1, "key", lock.key(), Role.PLAIN);
        line(pen, 2, "owner", lock.holder() == null ? "(free)" : lock.holder(), holderRole(lock));
        if (lock.holder() == null || lock.ttlMillis() < 0) {
            return line(pen, 3, "ttl", lock.holder() == null ? "-" : "unknown", Role.DIM);
        }
        String left = Times.seconds(lock.ttlMillis())
                + (lock.ttlTotalMillis() > 0 ? " of " + Times.seconds(lock.ttlTotalMillis()) : "");
        int barWidth = Math.max(4, pen.width() - LABEL - left.length() - 1);
        pen.put(0, 3, Pen.fit("ttl", LABEL), Role.PLAIN);
        int c = pen.put(LABEL, 3, bar(pen.glyphs(), lock, barWidth), lock.ttlMillis() < 1000 ? Role.WARN : Role.GOOD);
        pen.put(c + 1, 3, left, Role.PLAIN);
        return 4;
    }

    private int postgres(Pen pen, LockView lock) {
        line(pen, 1, "key", lock.key(), Role.PLAIN);
        line(pen, 2, "holder", lock.holder() == null ? "(free)" : lock.holder(), holderRole(lock));
        String queue = lock.waiters().isEmpty() ? "nobody waits" : String.join(", ", lock.waiters()) + " (waiting)";
        return line(pen, 3, "queue", queue, lock.waiters().isEmpty() ? Role.DIM : Role.WARN);
    }

    private int localMutex(Pen pen, LockView lock) {
        int n = lock.localHolders().size();
        line(pen, 1, "holding", n == 0 ? "nobody" : String.join(" ", lock.localHolders()), n > 1 ? Role.BAD : Role.PLAIN);
        String verdict = n > 1
                ? n + " at once: each JVM has its own mutex"
                : "one mutex per JVM, none across them";
        return line(pen, 2, "", verdict, n > 1 ? Role.BAD : Role.DIM);
    }

    private static int line(Pen pen, int y, String label, String value, Role role) {
        pen.put(0, y, Pen.fit(label, LABEL), Role.PLAIN);
        pen.put(LABEL, y, value, role);
        return y + 1;
    }

    private static Role holderRole(LockView lock) {
        return lock.holder() == null ? Role.DIM : Role.GOOD;
    }

    static String bar(Glyphs glyphs, LockView lock, int width) {
        long total = lock.ttlTotalMillis() > 0 ? lock.ttlTotalMillis() : Math.max(1, lock.ttlMillis());
        int filled = (int) Math.round(width * Math.min(1.0, (double) lock.ttlMillis() / total));
        return String.valueOf(glyphs.barFull()).repeat(filled)
                + String.valueOf(glyphs.barEmpty()).repeat(width - filled);
    }
}
