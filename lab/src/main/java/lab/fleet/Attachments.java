package lab.fleet;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import lab.protocol.AttachGrant;
import lab.protocol.AttachRequest;
import lab.protocol.ClockOffset;
import lab.protocol.Control;
import lab.protocol.ControlAck;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.ModeSpec;
import lab.protocol.ReportReply;
import lab.protocol.WorkerReport;
import lab.session.WorkerState;

/**
 * The workers attached to this launcher, as the attach server's calls and its sweep change them: who came, who
 * reports, who is lost or left, and the controls waiting for each one's next report. It answers each call with a
 * status and a body; carrying them over HTTP is {@link AttachServer}'s part.
 */
final class Attachments {
    private final Function<String, AttachGrant> grant;
    private final Consumer<Event> events;
    private final Predicate<String> localId;
    private final Clock clock;
    private final Map<String, AttachedWorker> workers = Collections.synchronizedMap(new LinkedHashMap<>());
    private final AtomicLong controls = new AtomicLong();
    private volatile AttachServer.Listener listener = (w, type, line, silent) -> {};
    private volatile Supplier<ModeSpec> specNow = () -> null;

    Attachments(Function<String, AttachGrant> grant, Consumer<Event> events, Predicate<String> localId, Clock clock) {
        this.grant = grant;
        this.events = events;
        this.localId = localId;
        this.clock = clock;
    }

    void onChange(AttachServer.Listener l) {
        listener = l;
    }

    void modeInForce(Supplier<ModeSpec> spec) {
        specNow = spec;
    }

    List<AttachedWorker> all() {
        synchronized (workers) {
            return List.copyOf(workers.values());
        }
    }

    /**
     * A switch for every worker that is up: a control on the reply to its next report, answered in the report after;
     * a worker lost meanwhile, or silent past {@link ModeSwitcher#TIMEOUT}, answers with why.
     */
    List<SwitchChannel> channels() {
        List<SwitchChannel> out = new ArrayList<>();
        for (AttachedWorker w : all()) {
            if (w.state() == WorkerState.UP) {
                out.add(spec -> SwitchAnswer.awaited(
                        w.send(new Control(controls.incrementAndGet(), spec.toMap()))
                                .thenApply(Optional::ofNullable),
                        w.id(),
                        w.name()));
            }
        }
        return out;
    }

    /** Marks lost every worker silent for longer than {@link AttachServer#LOST_AFTER}. */
    synchronized void sweep() {
        Instant now = clock.instant();
        for (AttachedWorker w : all()) {
            Duration silent = w.silentFor(now);
            if (w.state() == WorkerState.UP && silent.compareTo(AttachServer.LOST_AFTER) > 0) {
                w.state(WorkerState.LOST);
                w.giveUpCalls(w.name() + " was lost before it answered (no report for " + seconds(silent) + ")");
                listener.changed(
                        w,
                        EventType.DETACHED,
                        w.name() + " (pid " + w.pid() + ") lost: no report for " + seconds(silent) + " (lost after "
                                + AttachServer.LOST_AFTER.toSeconds() + " s); its rows still count, and it comes back"
                                + " if it reports again",
                        silent);
            }
        }
    }

    /** {@code POST /attach} from {@code from}: the lab's settings in force, or why not. */
    HttpAnswer attach(AttachRequest r, String from) {
        if (localId.test(r.worker())) {
            // 403, not 409: the lab's own worker keeps its id, so trying again can never succeed.
            return HttpAnswer.error(
                    403,
                    r.worker() + " is one of the launcher's own workers: start this one with another --id",
                    "worker");
        }
        Instant now = clock.instant();
        AttachedWorker before;
        AttachedWorker w = new AttachedWorker(r.worker(), r.pid(), r.host(), now);
        synchronized (workers) {
            before = workers.get(r.worker());
            if (before != null && before.state() == WorkerState.UP && before.pid() != r.pid()) {
                return HttpAnswer.error(
                        409,
                        before.name() + " (pid " + before.pid() + ") is attached and reporting (last "
                                + seconds(before.silentFor(now)) + " ago): give this one another --id",
                        "worker");
            }
            workers.put(r.worker(), w);
        }
        if (before != null) {
            before.giveUpCalls(before.name() + " attached again (pid " + r.pid() + ") before it answered");
        }
        // No offset yet: one way, the request's clock says nothing of the delay; the worker's reports will.
        listener.changed(
                w,
                EventType.ATTACHED,
                w.name() + " (pid " + w.pid() + ") attached from " + from
                        + (before == null ? "" : ", in place of pid " + before.pid() + " (" + before.state() + ")"),
                Duration.ZERO);
        return HttpAnswer.ok(grant.apply(r.worker()).toJson());
    }

    /** {@code POST /events}: its lines join the forked workers' ones, its acks answer switches; the reply. */
    HttpAnswer report(WorkerReport r) {
        AttachedWorker w;
        synchronized (workers) {
            w = workers.get(r.worker());
        }
        if (w == null || w.pid() != r.pid() || w.state() == WorkerState.EXITED) {
            return HttpAnswer.error(
                    409,
                    r.worker() + " (pid " + r.pid() + ") is not attached to this launcher: POST /attach first",
                    "worker");
        }
        List<Event> parsed = new ArrayList<>();
        for (int i = 0; i < r.lines().size(); i++) {
            String field = "lines[" + i + "]";
            Event e;
            try {
                e = Event.parse(r.lines().get(i));
            } catch (IllegalArgumentException bad) {
                return HttpAnswer.error(400, field + ": " + bad.getMessage(), field);
            }
            if (!e.worker().equals(w.id()) || e.pid() != w.pid()) {
                return HttpAnswer.error(
                        400,
                        field + ": expected an event of " + w.id() + " (pid " + w.pid() + "), got one of " + e.worker()
                                + " (pid " + e.pid() + ")",
                        field);
            }
            if (e.type().launcher()) {
                return HttpAnswer.error(
                        400,
                        field + ": expected a worker's event, got '" + e.type().wireName() + "', the launcher's",
                        field);
            }
            parsed.add(e);
        }
        Instant now = clock.instant();
        Duration silent = heard(w, r, now);
        for (Event e : parsed) {
            if (e.type() == EventType.READY && e.port() != null) {
                w.port(e.port());
            }
            events.accept(e);
        }
        for (ControlAck a : r.acks()) {
            w.answered(a.id(), a.error());
        }
        List<Control> pending = w.takePending();
        if (r.leaving()) {
            w.state(WorkerState.EXITED);
            w.giveUpCalls(w.name() + " left before it answered");
            listener.changed(w, EventType.DETACHED, w.name() + " (pid " + w.pid() + ") left: it was stopped", silent);
        }
        return HttpAnswer.ok(new ReportReply(now, r.leaving() ? List.of() : pending).toJson());
    }

    /**
     * Notes that {@code w} was heard; one that was lost is up again and takes the mode in force. Under the sweep's
     * lock: a sweep between reading "lost" and hearing it would mark lost a worker that reports. Returns how long it
     * had been silent.
     */
    private synchronized Duration heard(AttachedWorker w, WorkerReport r, Instant now) {
        Duration silent = w.silentFor(now);
        boolean wasLost = w.state() == WorkerState.LOST;
        w.heard(now, r.offsetMillis() == null ? null : new ClockOffset(r.offsetMillis(), r.errorMillis()));
        if (wasLost && !r.leaving()) {
            w.state(WorkerState.UP);
            // A switch may have happened while it was silent: it takes the mode in force now.
            ModeSpec spec = specNow.get();
            if (spec != null) {
                w.send(new Control(0, spec.toMap()));
            }
            listener.changed(
                    w,
                    EventType.ATTACHED,
                    w.name() + " (pid " + w.pid() + ") reports again after " + seconds(silent) + " silent",
                    silent);
        }
        return silent;
    }

    static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
