package lab.runs;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import lab.fleet.WorkerProcess;
import lab.launcher.LabView;
import lab.nemesis.Fault;
import lab.nemesis.FaultResult;
import lab.nemesis.Nemesis;
import lab.nemesis.Recipe;
import lab.nemesis.Recipes;
import lab.nemesis.ServerName;
import lab.nemesis.WorkerTarget;
import lab.protocol.Knobs;
import lab.protocol.ModeChange;
import lab.session.Action;
import lab.session.Command;
import lab.session.LabControl;
import lab.session.LiveModel;
import lab.session.SetKnob;
import lab.session.SwitchMode;
import lab.session.Vote;
import lab.session.WorkerState;

/**
 * What each dashboard key does to the lab. Called on the UI thread, it only decides: anything slow (a switch,
 * a fault, a server) runs on the action thread, and its one-line answer is flashed and kept among the events.
 */
public final class KeyActions {
    private final LabControl control;
    private final LabView view;
    private final Nemesis faults;
    private final LiveModel model;
    private final SnapshotPublisher publisher;
    private final ScenarioDriver scenario;
    private final ExecutorService actions;
    private final AtomicBoolean stop;
    private final AtomicReference<String> selected;
    /** How far the {@code a} key moves a worker's clock: ahead, as lesson 23's node that fires early. */
    static final Duration KEY_SKEW = Duration.ofSeconds(3);
    /** The worker the last {@code p} paused, so that the next {@code p} resumes it even if the lock moved on. */
    private final AtomicReference<String> lastPaused = new AtomicReference<>();

    KeyActions(
            LabControl control,
            LabView view,
            LiveModel model,
            SnapshotPublisher publisher,
            ScenarioDriver scenario,
            ExecutorService actions,
            AtomicBoolean stop,
            AtomicReference<String> selected) {
        this.control = control;
        this.view = view;
        this.faults = control.faults();
        this.model = model;
        this.publisher = publisher;
        this.scenario = scenario;
        this.actions = actions;
        this.stop = stop;
        this.selected = selected;
        control.atTheKeys();
    }

    void onCommand(Command c) {
        if (scenario != null && scenario.locksKeys() && changesTheLab(c)) {
            publisher.flash("this scenario locks the keys that change the lab (lock-keys: true)");
            return;
        }
        // A switch answers once every worker has its new guard in force; the first one into a mode loads that mode's
        // client library in every worker at once (seconds at 16 workers): said at once, so that a room does not read
        // the wait as a key that did nothing.
        if (c instanceof SwitchMode m) {
            publisher.flash("switching to " + m.mode().cliName() + " … (a first switch loads its library in every"
                    + " worker)");
            act(() -> control.switchMode(ModeChange.to(m.mode())).line());
            return;
        }
        if (c instanceof SetKnob k) {
            publisher.flash("switching to " + k.change().describe() + " …");
            act(() -> control.switchMode(k.change()).line());
            return;
        }
        if (c instanceof Vote v) {
            if (scenario != null) {
                scenario.vote(v);
            }
            return;
        }
        Action a = (Action) c;
        switch (a) {
            case QUIT -> publisher.askQuit(true);
            case CONFIRM -> {
                if (publisher.quitAsked()) {
                    stop.set(true);
                }
            }
            case CANCEL -> publisher.askQuit(false);
            case STOP_NOW -> stop.set(true);
            case SELECT_NEXT, SELECT_PREV -> select(a == Action.SELECT_NEXT ? 1 : -1);
            case KILL, PAUSE_RESUME, RESTART, STOP -> fault(a);
            case SKEW_CLOCK -> skew();
            case ADD_WORKER -> act(control::addWorker);
            case REMOVE_WORKER -> act(control::removeWorker);
            case TOGGLE_REDIS -> act(() -> inject(faults.toggle(ServerName.REDIS)));
            case RESTART_REDIS -> act(() -> inject(new Fault.ServerRestart(ServerName.REDIS, false)));
            case TOGGLE_PARTITION -> act(this::togglePartition);
            case TOGGLE_POSTGRES -> act(() -> inject(faults.toggle(ServerName.POSTGRES)));
            case CYCLE_TASK_TIME -> act(this::cycleTaskTime);
            case CLEAR_TABLE -> act(() -> {
                String said = control.clearTable();
                model.cleared();
                return said;
            });
            case SCENARIO_PAUSE_RESUME, SCENARIO_NEXT -> {
                if (scenario == null) {
                    publisher.flash("no scenario is replaying");
                } else if (a == Action.SCENARIO_NEXT) {
                    scenario.stepOnce();
                } else {
                    scenario.togglePause();
                }
            }
            case HELP, KNOBS, MODES, WHY_BACK, CRASH -> {}
        }
    }

    /** What a scenario with {@code lock-keys} refuses: everything but looking, scrolling, pausing it and quitting. */
    static boolean changesTheLab(Command c) {
        if (c instanceof SwitchMode || c instanceof SetKnob) {
            return true;
        }
        if (c instanceof Vote) {
            return false;
        }
        return switch ((Action) c) {
            case HELP,
                    CRASH,
                    KNOBS,
                    MODES,
                    WHY_BACK,
                    QUIT,
                    STOP_NOW,
                    CONFIRM,
                    CANCEL,
                    SELECT_NEXT,
                    SELECT_PREV,
                    SCENARIO_PAUSE_RESUME,
                    SCENARIO_NEXT -> false;
            default -> true;
        };
    }

    private void fault(Action a) {
        String chosen = selected.get();
        if (a == Action.PAUSE_RESUME) {
            // p toggles: the chosen worker, else the one the last p paused (the lock may have moved on since),
            // else whoever holds the lock now.
            WorkerTarget target = WorkerTarget.of(
                    chosen != null
                            ? chosen
                            : lastPaused.get() != null && isPaused(lastPaused.get())
                                    ? lastPaused.get()
                                    : WorkerTarget.HOLDER);
            boolean resume = !target.isHolder() && isPaused(target.id());
            if (!resume && !target.isHolder()) {
                lastPaused.set(target.id());
            }
            act(() -> {
                Recipe pause = Recipes.paused(target, Duration.ZERO);
                String said = lines(resume ? pause.end(faults) : pause.begin(faults));
                if (!resume && target.isHolder()) {
                    view.workers().stream()
                            .filter(w -> w.state() == WorkerState.PAUSED)
                            .reduce((x, y) -> y)
                            .ifPresent(w -> lastPaused.set(w.id()));
                }
                return said;
            });
            return;
        }
        // r with none selected brings back a worker that is down (it crashed, or k killed it) before it would touch
        // the holder: after a death, restarting someone else would be the surprise.
        String down = a == Action.RESTART && chosen == null ? firstDown() : null;
        WorkerTarget target =
                chosen != null ? WorkerTarget.of(chosen) : down != null ? WorkerTarget.of(down) : WorkerTarget.holder();
        // A kill and a stop begin their recipe; a restart is their undo, whichever took the worker down.
        act(() -> lines(
                switch (a) {
                    case KILL -> Recipes.killed(target, Duration.ZERO).begin(faults);
                    case STOP -> Recipes.stopped(target).begin(faults);
                    default -> Recipes.killed(target, Duration.ZERO).end(faults);
                }));
    }

    /**
     * a: the selected worker restarted 3 s ahead, or back on the machine's clock when it is skewed; a skew is aimed at
     * one worker, never at whoever holds the lock.
     */
    private void skew() {
        String chosen = selected.get();
        if (chosen == null) {
            publisher.flash("a: select a worker first (arrows): a skew restarts one worker with its clock moved");
            return;
        }
        boolean skewed = view.worker(chosen).map(w -> !w.skew().isZero()).orElse(false);
        Recipe skew = Recipes.skewed(WorkerTarget.of(chosen), KEY_SKEW);
        act(() -> lines(skewed ? skew.end(faults) : skew.begin(faults)));
    }

    /** A fault through the lab's fault room; its line is what the trainer sees. */
    private String inject(Fault fault) {
        return faults.inject(fault).line();
    }

    /** What the room said to each fault of a recipe's half, as one line. */
    private static String lines(List<FaultResult> said) {
        return said.stream().map(FaultResult::line).collect(Collectors.joining("; "));
    }

    /** x: heals every host that is cut off, else cuts off the holder's host; one line for all. */
    private String togglePartition() {
        return faults.togglePartition(view.clock().instant()).stream()
                .map(this::inject)
                .collect(Collectors.joining("; "));
    }

    /** The first worker, in id order, that has exited or been killed; null when all are alive. */
    private String firstDown() {
        return view.workers().stream()
                .filter(w -> w.state() == WorkerState.EXITED || w.state() == WorkerState.KILLED)
                .map(WorkerProcess::id)
                .findFirst()
                .orElse(null);
    }

    private boolean isPaused(String id) {
        return view.worker(id).map(w -> w.state() == WorkerState.PAUSED).orElse(false);
    }

    private String cycleTaskTime() {
        // The steps declared with the knob, as the knob panel cycles them: 0 shows the fast-job trap.
        Duration next = Knobs.TASK_TIME.next(view.spec().get(Knobs.TASK_TIME));
        return control.switchMode(ModeChange.of(Knobs.TASK_TIME, next)).line();
    }

    private void select(int step) {
        List<WorkerProcess> all = view.workers();
        if (all.isEmpty()) {
            return;
        }
        // Cycles w1 .. wN and then "none", which means: act on whoever holds the lock.
        int at = -1;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).id().equals(selected.get())) {
                at = i;
            }
        }
        int next = Math.floorMod(at + 1 + step, all.size() + 1) - 1;
        selected.set(next < 0 ? null : all.get(next).id());
    }

    private void act(Supplier<String> action) {
        actions.submit(() -> {
            String said;
            try {
                said = action.get();
            } catch (RuntimeException e) {
                said = "failed: " + e.getMessage();
            }
            publisher.flash(said);
            model.onLabLine(said);
        });
    }
}
