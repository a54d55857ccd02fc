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
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.PgLock;
import lab.session.FaultKind;
import lab.session.LabControl;
import lab.session.ServerName;
import lab.session.SwitchResult;
import lab.session.WorkerTarget;

/** What a scenario, a key or a scheduled switch may do to a running lab, and what it may ask of it. */
public final class Controls implements LabControl {
    private final Modes modes;
    private final Infrastructure infra;
    private final ModeSwitcher switcher;
    private final WorkerPool workers;
    private final Faults faults;
    private final Partitions partitions;
    private final ServerToggle servers;
    private final Tally tally;
    private final Supplier<Instant> readyAt;
    private final Clock clock;
    private final Recording recording;
    private final AttachServer attached;

    Controls(
            Modes modes,
            Infrastructure infra,
            ModeSwitcher switcher,
            WorkerPool workers,
            Faults faults,
            Partitions partitions,
            ServerToggle servers,
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
        this.partitions = partitions;
        this.servers = servers;
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
            recording.lab(
                    EventType.SWITCH,
                    modes.spec().mode().cliName(),
                    r.line(),
                    lab.guard.Fields.of(
                            "spec", modes.spec().toMap(), "acknowledged_at", since == null ? null : since.toString()));
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
    public String server(ServerName server, boolean start) {
        return servers.set(server, start);
    }

    @Override
    public String fault(FaultKind kind, WorkerTarget target) {
        return faults.fault(kind, target);
    }

    @Override
    public String partition(String target, boolean cut, Instant tickFrom) {
        return partitions.set(target, cut, tickFrom);
    }

    /** The dashboard's {@code x}: heals what is cut off, else cuts the holder's host off from the lock servers. */
    public String togglePartition() {
        return partitions.toggle(clock.instant());
    }

    /** The hosts cut off from the lock servers now. */
    public java.util.Set<String> cutOff() {
        return infra.networks().cutOff();
    }

    /** A host's own address inside its network namespace; empty where hosts have none. */
    public java.util.Optional<String> hostAddress(String host) {
        return infra.networks().address(host);
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
        recording.lab(
                EventType.CAPTION,
                modes.spec().mode().cliName(),
                text,
                lab.guard.Fields.of("step", step, "line", line, "text", text));
    }

    @Override
    public void recordVerdict(int step, int line, boolean passed, String text) {
        recording.lab(
                EventType.VERDICT,
                modes.spec().mode().cliName(),
                (passed ? "PASS " : "FAIL ") + text,
                lab.guard.Fields.of("step", step, "line", line, "passed", passed, "text", text));
    }

    @Override
    public List<Finding> explain(Instant from, Instant to) throws SQLException {
        return tally.explain(from, to);
    }

    @Override
    public Figures figures(Instant from, Instant to) throws SQLException {
        return tally.figures(from, to);
    }
}
