package lab.launcher;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import lab.check.Figures;
import lab.check.Finding;
import lab.fleet.AttachServer;
import lab.fleet.ModeSwitcher;
import lab.fleet.SwitchChannel;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.nemesis.Nemesis;
import lab.protocol.Event;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.PgLock;
import lab.session.LabControl;
import lab.session.SwitchResult;
import lab.store.CounterStore;

/** The control door: what a scenario, a key, the soak or a scheduled switch may do to a running lab. */
public final class Controls implements LabControl {
    private final ModeInForce modes;
    private final Infrastructure infra;
    private final ModeSwitcher switcher;
    private final WorkerPool workers;
    private final Faults faults;
    private final Tally tally;
    private final Supplier<Instant> readyAt;
    private final Clock clock;
    private final Recording recording;
    private final AttachServer attached;

    Controls(
            ModeInForce modes,
            Infrastructure infra,
            ModeSwitcher switcher,
            WorkerPool workers,
            Faults faults,
            Tally tally,
            Supplier<Instant> readyAt,
            Clock clock,
            Recording recording,
            AttachServer attached) {
        this.recording = recording;
        this.attached = attached;
        this.modes = modes;
        this.infra = infra;
        this.switcher = switcher;
        this.workers = workers;
        this.faults = faults;
        this.tally = tally;
        this.readyAt = readyAt;
        this.clock = clock;
    }

    @Override
    public Clock clock() {
        return clock;
    }

    /** Switches every worker; a mode whose server is not available is refused before any worker is asked. */
    @Override
    public SwitchResult switchMode(ModeChange change) {
        SwitchResult r = modes.apply(change, infra::awaitServersOf, this::switchAll);
        if (r.status() != SwitchResult.Status.REFUSED) {
            Instant since = modes.since();
            recording.lab(modes.spec().mode().cliName(), r.line(), LabFact.Switch.of(modes.spec(), since));
        }
        return r;
    }

    /** The forked workers by {@code PUT /mode} and the attached ones on their reports' replies, at the same time. */
    private ModeSwitcher.Result switchAll(ModeSpec next) {
        List<SwitchChannel> every = new ArrayList<>();
        workers.reachable().forEach(w -> every.add(switcher.channel(w)));
        every.addAll(attached.channels());
        return ModeSwitcher.fanOut(every, next);
    }

    @Override
    public Nemesis faults() {
        return faults;
    }

    @Override
    public void atTheKeys() {
        faults.atTheKeys();
    }

    /** Adds one worker in the current mode, and returns once it answers {@code /healthz}. */
    @Override
    public String addWorker() {
        if (workers.all().size() >= 64) {
            return "64 workers is the most the lab runs";
        }
        try {
            WorkerProcess w = workers.start(workers.nextId());
            workers.awaitHealthy(w);
            return w.id() + " up: pid " + w.pid() + ", " + w.url() + ", mode "
                    + modes.spec().mode();
        } catch (Exception e) {
            return "cannot start another worker: " + e.getMessage();
        }
    }

    @Override
    public String removeWorker() {
        try {
            return workers.removeLast(settle().plusSeconds(5)) ? "stopped the last worker" : "one worker is the fewest";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "removing the last worker was interrupted: the lab is stopping";
        }
    }

    /**
     * Empties the counter table, as the trainer does between two demonstrations, and counts afresh from now:
     * figures over rows that are gone would claim missed ticks that ran.
     */
    @Override
    public synchronized String clearTable() {
        try (CounterStore store = new CounterStore(infra.storeUrl())) {
            store.clear();
            Instant now = clock.instant();
            tally.countFrom(now);
            modes.restart(now);
            return "counter table emptied; counting afresh from now";
        } catch (SQLException e) {
            return "cannot empty the counter table: " + e.getMessage();
        }
    }

    @Override
    public Instant readyAt() {
        return readyAt.get();
    }

    /** Null after a switch that not every worker acknowledged: no span of one mode is running. */
    @Override
    public Instant modeSince() {
        return modes.since();
    }

    /**
     * A run in progress needs its task time to finish; only a blocking lock queues the runs of one tick behind each
     * other, so that the last may need every other worker's task time first.
     */
    @Override
    public Duration settle() {
        ModeSpec spec = modes.spec();
        boolean queues = spec.mode().lock().sight() == Mode.Sight.QUEUE && spec.get(Knobs.PG_LOCK) == PgLock.WAIT;
        return spec.get(Knobs.TASK_TIME)
                .multipliedBy(queues ? workers.all().size() : 1)
                .plusMillis(300);
    }

    @Override
    public void recordCaption(int step, int line, String text) {
        recording.lab(modes.spec().mode().cliName(), text, new LabFact.Caption(step, line, text));
    }

    @Override
    public void recordVerdict(int step, int line, boolean passed, String text) {
        recording.lab(
                modes.spec().mode().cliName(),
                (passed ? "PASS " : "FAIL ") + text,
                new LabFact.Verdict(step, line, passed, text));
    }

    @Override
    public List<Finding> explain(Instant from, Instant to) throws SQLException {
        return tally.explain(from, to);
    }

    @Override
    public List<Event> recorded(Instant from) {
        return recording.since(from);
    }

    @Override
    public Figures figures(Instant from, Instant to) throws SQLException {
        return tally.figures(from, to);
    }
}
