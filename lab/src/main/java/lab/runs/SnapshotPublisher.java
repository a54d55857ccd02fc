package lab.runs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import lab.fleet.AttachedWorker;
import lab.fleet.WorkerExit;
import lab.guard.LockState;
import lab.launcher.LabSettings;
import lab.launcher.LabView;
import lab.protocol.Durations;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.session.Header;
import lab.session.LabSnapshot;
import lab.session.LiveModel;
import lab.session.LockView;
import lab.session.ModeTotal;
import lab.session.WorkerProc;
import lab.store.CounterRow;
import lab.store.CounterStore;

/**
 * Follows the counter table and the lab's state, and publishes an immutable snapshot every 100 ms for the UI
 * thread to draw. New rows are read by id, so each poll costs what was written since the last one. It sees the lab
 * through its view door only.
 */
public final class SnapshotPublisher implements AutoCloseable {
    /** How far back the dashboard explains: the timeline's width. */
    private static final int EXPLAINED_WINDOWS = 30;

    private static final long FRAME_MS = 100;
    private static final long FLASH_MS = 6_000;

    private final LabView lab;
    private final LiveModel model;
    private final AtomicReference<String> selected;
    private final ScenarioDriver scenario;
    private final AtomicReference<LabSnapshot> latest = new AtomicReference<>();
    private final Thread thread = new Thread(this::loop, "lab-snapshots");
    private volatile String flash;
    private volatile long flashAt;
    private volatile boolean quitAsked;
    private volatile boolean running = true;
    private List<ModeTotal> totals = List.of();
    private long totalsAt;
    private CounterStore store;
    private Instant modeMarked; // the last switch put on the timeline: from a key or a scenario step alike

    SnapshotPublisher(LabView lab, LiveModel model, AtomicReference<String> selected, ScenarioDriver scenario) {
        this.lab = lab;
        this.model = model;
        this.selected = selected;
        this.scenario = scenario;
        thread.setDaemon(true);
        publish();
    }

    void start() {
        thread.start();
    }

    LabSnapshot latest() {
        return latest.get();
    }

    void flash(String message) {
        flash = message;
        flashAt = lab.clock().millis();
        publish();
    }

    void askQuit(boolean asked) {
        quitAsked = asked;
        publish();
    }

    boolean quitAsked() {
        return quitAsked;
    }

    private void loop() {
        while (running) {
            try {
                follow();
            } catch (Exception e) {
                // The store may be down for a moment (a lesson stops PostgreSQL): say so, keep drawing.
                closeStore();
                flash("counter table unreadable: " + e.getMessage());
            }
            try {
                publish();
            } catch (RuntimeException e) {
                // A background task never dies silently: the screen keeps its last snapshot and says why.
                System.err.println("snapshot failed: " + e);
                e.printStackTrace();
            }
            try {
                Thread.sleep(FRAME_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // close() asked: the loop's thread ends with its flag set
                return;
            }
        }
    }

    private void follow() throws Exception {
        if (lab.storeUrl() == null || lab.readyAt() == null) {
            return;
        }
        Instant since = lab.modeSince();
        if (since != null && !since.equals(modeMarked) && !since.equals(lab.readyAt())) {
            modeMarked = since;
            model.modeSwitched(lab.spec().mode().cliName(), since);
        }
        if (store == null) {
            store = new CounterStore(lab.storeUrl());
        }
        List<CounterRow> added = store.readAfter(model.lastRowId());
        model.onRows(added);
        long now = lab.clock().millis();
        if (now - totalsAt > 1_000 || !added.isEmpty()) {
            List<CounterRow> rows = model.rows();
            Instant at = lab.clock().instant();
            totals = lab.soFar(rows, at);
            totalsAt = now;
            // The last windows whose runs have all had time to write: a window that just ended may still have a
            // run inside its job, and counting it now would call a late row a missed tick.
            Instant to = at.minus(lab.settle());
            Instant from = at.minus(lab.settings().every().multipliedBy(EXPLAINED_WINDOWS));
            model.explained(lab.explain(rows, from.isBefore(lab.readyAt()) ? lab.readyAt() : from, to));
        }
    }

    private void publish() {
        ModeSpec spec = lab.spec();
        LabSettings s = lab.settings();
        Header header = new Header(
                spec.mode().cliName(),
                lab.workers().size() + lab.attached().size(),
                s.every(),
                spec.get(Knobs.TASK_TIME),
                spec.get(Knobs.LOCK_TTL),
                s.store().toString(),
                lab.servers(),
                lab.serversEnv() == null ? "" : lab.serversEnv().toString(),
                spec);
        List<WorkerProc> procs = new ArrayList<>(lab.workers().stream()
                .map(w -> new WorkerProc(
                        w.id(),
                        w.pid(),
                        w.port(),
                        w.state().toString(),
                        w.exit()
                                .filter(WorkerExit::onItsOwn)
                                .map(x -> Integer.toString(x.code()))
                                .orElse(""),
                        hostLabel(lab.settings().host(w.id())),
                        w.skew().isZero() ? "" : Durations.formatSigned(w.skew())))
                .toList());
        // Beside the lab's own, each under a line that names it and where it runs: it is not the lab's to kill.
        for (AttachedWorker w : lab.attached()) {
            procs.add(new WorkerProc(w.id(), w.pid(), w.port(), w.state().toString(), "", w.name() + " attached"));
        }
        LockState lock = lab.lock();
        String holder = lab.holderId().orElse(null);
        String shownFlash = lab.clock().millis() - flashAt < FLASH_MS ? flash : null;
        model.observeWorkers(procs, lab.clock().instant());
        latest.set(model.snapshot(
                header,
                procs,
                lockView(lock, spec),
                holder,
                selected.get(),
                totals,
                scenario == null ? null : scenario.view(),
                shownFlash,
                quitAsked,
                lab.clock().instant()));
    }

    private LockView lockView(LockState s, ModeSpec spec) {
        if (s == null) {
            return new LockView(spec.mode().lock(), "-", null, -1, -1, List.of(), List.of(), lab.lockLine());
        }
        List<String> local =
                s.lock().seenThroughEvents() && !s.free() ? List.of(s.holder().split(", ")) : List.of();
        return new LockView(
                s.lock(),
                s.key(),
                s.lock().seenThroughEvents() ? null : s.holder(),
                s.ttlMillis(),
                s.lock().sight() == Mode.Sight.LEASE ? spec.get(Knobs.LOCK_TTL).toMillis() : -1,
                s.waiters(),
                local,
                null);
    }

    private void closeStore() {
        if (store != null) {
            store.close();
            store = null;
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            // The loop may be reading the table: let it finish, then close the store it used.
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeStore();
    }

    /**
     * The line a host's workers stand under: its name, its own address where it has a network namespace, and whether
     * it is cut off from the lock servers now. Empty with one host.
     */
    private String hostLabel(String host) {
        if (lab.settings().hosts() < 2) {
            return "";
        }
        String address = lab.hostAddress(host).map(a -> " " + a).orElse("");
        return host + address + (lab.cutOff().contains(host) ? " - cut off from the lock servers" : "");
    }
}
