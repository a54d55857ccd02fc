package lab.fleet;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import lab.protocol.ClockOffset;
import lab.protocol.Control;
import lab.session.WorkerState;

/**
 * A worker started on its own that reports to this launcher, seen from the launcher: who it is, when it was last
 * heard, its clock's offset as it estimated it, and the control calls waiting for its next report.
 */
public final class AttachedWorker {
    private final String id;
    private final long pid;
    private final String host;
    private final Instant attachedAt;
    private final List<Control> pending = new ArrayList<>(); // guarded by this
    private final Map<Long, CompletableFuture<String>> awaiting = new ConcurrentHashMap<>();
    private volatile Instant lastHeard;
    private volatile WorkerState state = WorkerState.UP;
    private volatile ClockOffset offset;
    private volatile int port = -1;

    AttachedWorker(String id, long pid, String host, Instant at) {
        this.id = id;
        this.pid = pid;
        this.host = host;
        this.attachedAt = at;
        this.lastHeard = at;
    }

    public String id() {
        return id;
    }

    public long pid() {
        return pid;
    }

    /** The machine or pod it runs on, as it names itself. */
    public String host() {
        return host;
    }

    /** {@code w9@pod-abc}: how the dashboard and the lines name it. */
    public String name() {
        return id + "@" + host;
    }

    /** up, lost (silent past {@link AttachServer#LOST_AFTER}) or exited (it said it was leaving). */
    public WorkerState state() {
        return state;
    }

    /** Its HTTP port as its ready event said (it may be out of reach), or -1. */
    public int port() {
        return port;
    }

    /** Its clock's offset from the launcher's, as it last reported it, or null before its first estimate. */
    public ClockOffset offset() {
        return offset;
    }

    public Instant lastHeard() {
        return lastHeard;
    }

    Instant attachedAt() {
        return attachedAt;
    }

    Duration silentFor(Instant now) {
        return Duration.between(lastHeard, now);
    }

    void heard(Instant at, ClockOffset reported) {
        lastHeard = at;
        if (reported != null) {
            offset = reported;
        }
    }

    void state(WorkerState s) {
        state = s;
    }

    void port(int p) {
        port = p;
    }

    /** Queues a control call for its next report; the future completes with null (done) or why not. */
    CompletableFuture<String> send(Control c) {
        CompletableFuture<String> f = new CompletableFuture<>();
        if (c.id() > 0) {
            awaiting.put(c.id(), f);
        } else {
            f.complete(null);
        }
        synchronized (this) {
            pending.add(c);
        }
        return f;
    }

    /**
     * The control calls its report's reply carries. A call that expects an answer stays queued until it comes, and
     * goes out again on every reply: a reply lost on the way would otherwise lose the switch with it. (The worker
     * applies each id once.)
     */
    synchronized List<Control> takePending() {
        List<Control> out = List.copyOf(pending);
        pending.removeIf(c -> c.id() == 0);
        return out;
    }

    void answered(long controlId, String error) {
        synchronized (this) {
            pending.removeIf(c -> c.id() == controlId);
        }
        CompletableFuture<String> f = awaiting.remove(controlId);
        if (f != null) {
            f.complete(error);
        }
    }

    /** Lost or gone: every call it was asked is answered for it, with why. */
    void giveUpCalls(String why) {
        synchronized (this) {
            pending.clear();
        }
        awaiting.values().forEach(f -> f.complete(why));
        awaiting.clear();
    }
}
