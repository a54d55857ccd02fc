package lab.launcher;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import lab.check.Finding;
import lab.fleet.AttachServer;
import lab.fleet.AttachedWorker;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.guard.LockState;
import lab.protocol.Event;
import lab.protocol.ModeSpec;
import lab.session.ModeTotal;
import lab.session.ServerInfo;
import lab.store.CounterRow;

/** The lab's view door, read from its parts. */
final class View implements LabView {
    private final LabSettings settings;
    private final Controls controls;
    private final ModeInForce modes;
    private final WorkerPool workers;
    private final AttachServer attached;
    private final LockWatcher locks;
    private final Faults faults;
    private final Infrastructure infra;
    private final Tally tally;
    private final Recording recording;

    View(
            LabSettings settings,
            Controls controls,
            ModeInForce modes,
            WorkerPool workers,
            AttachServer attached,
            LockWatcher locks,
            Faults faults,
            Infrastructure infra,
            Tally tally,
            Recording recording) {
        this.settings = settings;
        this.controls = controls;
        this.modes = modes;
        this.workers = workers;
        this.attached = attached;
        this.locks = locks;
        this.faults = faults;
        this.infra = infra;
        this.tally = tally;
        this.recording = recording;
    }

    @Override
    public Clock clock() {
        return controls.clock();
    }

    @Override
    public Instant readyAt() {
        return controls.readyAt();
    }

    @Override
    public Instant modeSince() {
        return modes.since();
    }

    @Override
    public ModeSpec spec() {
        return modes.spec();
    }

    @Override
    public LabSettings settings() {
        return settings;
    }

    @Override
    public List<WorkerProcess> workers() {
        return workers.all();
    }

    @Override
    public Optional<WorkerProcess> worker(String id) {
        return workers.byId(id);
    }

    @Override
    public List<Long> pids() {
        return workers.pids();
    }

    @Override
    public List<AttachedWorker> attached() {
        return attached.all();
    }

    @Override
    public LockState lock() {
        return locks.current();
    }

    @Override
    public String lockLine() {
        return locks.lastLine();
    }

    @Override
    public Optional<String> holderId() {
        return faults.holderId();
    }

    @Override
    public String storeUrl() {
        return infra.storeUrl();
    }

    @Override
    public String redisUrl() {
        return infra.redisUrl();
    }

    @Override
    public String pgUrl() {
        return infra.pgUrl();
    }

    @Override
    public List<ServerInfo> servers() {
        return infra.servers();
    }

    @Override
    public Path serversEnv() {
        return infra.serversEnv();
    }

    @Override
    public List<ModeTotal> soFar(List<CounterRow> rows, Instant now) {
        return tally.soFar(rows, now);
    }

    @Override
    public List<Finding> explain(List<CounterRow> rows, Instant from, Instant to) {
        return tally.explain(rows, from, to);
    }

    @Override
    public Duration settle() {
        return controls.settle();
    }

    @Override
    public Optional<String> hostAddress(String host) {
        return infra.networks().address(host);
    }

    @Override
    public boolean hostsHaveNetworks() {
        return infra.networks().real();
    }

    @Override
    public Set<String> cutOff() {
        return infra.networks().cutOff();
    }

    @Override
    public List<Event> recorded(Instant from) {
        return recording.since(from);
    }
}
