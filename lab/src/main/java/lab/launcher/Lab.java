package lab.launcher;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import lab.check.Checker;
import lab.check.Figures;
import lab.fleet.ModeSwitcher;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.guard.LockState;
import lab.protocol.Event;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerConfig;
import lab.session.FaultKind;
import lab.session.LabControl;
import lab.session.ModeSegment;
import lab.session.RunSummary;
import lab.session.ServerInfo;
import lab.session.ServerName;
import lab.session.SwitchResult;
import lab.session.WorkerTarget;
import lab.store.CounterRow;
import lab.store.CounterStore;

/**
 * One lab session: what it stands on ({@link Infrastructure}), the worker processes and their events, and the mode
 * in force ({@link Modes}). It starts them in an order that leaves nothing half-started, and {@link #close} stops
 * everything it started.
 */
public final class Lab implements LabControl, AutoCloseable {
    private final LabSettings settings;
    private final String token = UUID.randomUUID().toString();
    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ModeSwitcher switcher = new ModeSwitcher(http, token);
    private final Infrastructure infra;
    private final Modes modes;
    private final WorkerPool workers;
    private final Faults faults;
    private final ServerToggle serverToggle;
    private final Path runDir;
    private final Object lifecycle = new Object();
    private volatile boolean stopping;
    private volatile boolean closed;
    private boolean closeDone; // guarded by lifecycle
    private volatile Consumer<String> lockLines = line -> {};
    private volatile LockWatcher lockWatcher;
    private Instant launchedAt;
    private Instant readyAt;
    private volatile Instant countFrom; // ready, or the last time the table was emptied

    public Lab(LabSettings settings) {
        this.settings = settings;
        this.infra = new Infrastructure(settings);
        this.modes = new Modes(settings.spec());
        this.runDir = settings.runsDir()
                .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")));
        this.workers = new WorkerPool(
                http,
                id -> new WorkerConfig(
                        id,
                        token,
                        infra.storeUrl(),
                        settings.every(),
                        settings.job(),
                        infra.redis().url(),
                        infra.postgres().url(),
                        modes.spec()),
                this::publish);
        this.faults =
                new Faults(workers, switcher, modes::spec, this::lock, this::settle, infra::storeUrl, settings.every());
        this.serverToggle = new ServerToggle(infra);
    }

    public void onEvent(Consumer<Event> listener) {
        listeners.add(listener);
    }

    /** Who hears a line each time the lock's holder or queue changes. */
    public void onLockChange(Consumer<String> listener) {
        lockLines = listener;
    }

    /**
     * Starts the servers the first mode needs, the store and the workers, and returns once every worker answers
     * {@code /healthz}; the other servers then start in the background. {@code say} hears each step.
     */
    public void start(Consumer<String> say) throws StartFailure {
        // close() waits for a start in progress (same lock), and a start sees a close that came first: either way
        // nothing is forked or started into a session that is being taken down.
        synchronized (lifecycle) {
            if (closed) {
                throw new StartFailure("the lab was stopped before it started", null);
            }
            startLocked(say);
        }
    }

    private void startLocked(Consumer<String> say) throws StartFailure {
        launchedAt = Instant.now();
        infra.prepare(runDir);
        infra.startFor(modes.spec().mode(), say);
        workers.onDeath((id, line) -> {
            LockWatcher watcher = lockWatcher;
            if (watcher != null) {
                watcher.forget(id);
            }
            if (!stopping) {
                say.accept(line);
            }
        });
        for (int i = 1; i <= settings.workers(); i++) {
            stopIfClosing();
            try {
                workers.start("w" + i);
            } catch (IOException e) {
                throw new StartFailure("w" + i + " cannot be started: " + e.getMessage(), e);
            }
        }
        for (WorkerProcess w : workers.all()) {
            stopIfClosing();
            try {
                int port = workers.awaitHealthy(w);
                say.accept(w.id() + " up: pid " + w.pid() + ", http://127.0.0.1:" + port);
            } catch (Exception e) {
                throw new StartFailure(e.getMessage(), e);
            }
        }
        readyAt = Instant.now();
        countFrom = readyAt;
        modes.begin(readyAt);
        infra.startTheRestInBackground(say);
        lockWatcher = new LockWatcher(
                () -> modes.spec().mode(),
                infra.redis()::url,
                infra.postgres()::url,
                settings.job(),
                line -> lockLines.accept(line));
        listeners.add(lockWatcher::onEvent);
        lockWatcher.start();
    }

    private void stopIfClosing() throws StartFailure {
        if (closed) {
            throw new StartFailure("the lab was stopped while it was starting", null);
        }
    }

    private void publish(Event e) {
        infra.record(e);
        for (Consumer<Event> l : listeners) {
            l.accept(e);
        }
    }

    /** Switches every worker; a mode whose server is not available is refused before any worker is asked. */
    @Override
    public SwitchResult switchMode(ModeChange change) {
        return modes.apply(
                change,
                next -> infra.awaitServersOf(next.mode()),
                next -> switcher.switchAll(workers.reachable(), next));
    }

    @Override
    public String server(ServerName server, boolean start) {
        return serverToggle.set(server, start);
    }

    @Override
    public String fault(FaultKind kind, WorkerTarget target) {
        return faults.fault(kind, target);
    }

    public Faults faults() {
        return faults;
    }

    public ServerToggle serverToggle() {
        return serverToggle;
    }

    /**
     * Empties the counter table and counts afresh from now: figures over rows that are gone would claim missed
     * ticks that ran. (A span in a mode that not every worker acknowledged stays uncounted.)
     */
    public synchronized String clearTable() {
        String said = faults.clearTable();
        countFrom = Instant.now();
        modes.restart(countFrom);
        return said + "; counting afresh from now";
    }

    public String storeUrl() {
        return infra.storeUrl();
    }

    public ModeSpec spec() {
        return modes.spec();
    }

    public LockState lock() {
        return lockWatcher == null ? null : lockWatcher.current();
    }

    /** Why the lock cannot be read now, when {@link #lock} is null. */
    public String lockProblem() {
        return lockWatcher == null ? "starting" : lockWatcher.lastLine();
    }

    /** The figures per mode so far, from the given rows, the open span counted up to {@code now}. */
    public Map<String, Figures> totalsSoFar(List<CounterRow> rows, Instant now) {
        return modes.totalsSoFar(rows, settings.every(), now);
    }

    public LabSettings settings() {
        return settings;
    }

    public long readyMillis() {
        return Duration.between(launchedAt, readyAt).toMillis();
    }

    @Override
    public Instant readyAt() {
        return readyAt;
    }

    /** Null after a switch that not every worker acknowledged: no span of one mode is running. */
    @Override
    public Instant modeSince() {
        return modes.since();
    }

    /** A run in progress needs its task time to finish, and a queued one may wait for every other worker's. */
    @Override
    public Duration settle() {
        return modes.spec().taskTime().multipliedBy(workers.all().size()).plusMillis(300);
    }

    @Override
    public Figures figures(Instant from, Instant to) throws SQLException {
        try (CounterStore store = new CounterStore(infra.storeUrl())) {
            return Checker.figures(store.readAll(), from, to, settings.every());
        }
    }

    public WorkerPool workers() {
        return workers;
    }

    public Path runDir() {
        return runDir;
    }

    /** The session's private file of ready-to-paste server commands, once the lab has started. */
    public Path serversEnv() {
        return infra.serversEnv();
    }

    public List<ServerInfo> servers() {
        return infra.servers();
    }

    /**
     * Stops every worker: each stops firing and lets its runs in progress write their rows, so that every window
     * that ended before {@code stopAt} is complete in the table. Then counts, from the table only.
     */
    public RunSummary stopAndSummarise(Instant stopAt) throws SQLException, InterruptedException {
        stopWorkers();
        List<CounterRow> rows;
        try (CounterStore store = new CounterStore(infra.storeUrl())) {
            rows = store.readAll();
        }
        List<ModeSegment> counted = modes.end(stopAt, rows, settings.every());
        return new RunSummary(
                settings.workers(),
                settings.spec().mode().cliName(),
                settings.every(),
                settings.spec().taskTime(),
                readyMillis(),
                Checker.figures(rows, countFrom, stopAt, settings.every()),
                Modes.byMode(counted),
                counted,
                modes.switchMillis(),
                servers());
    }

    private void stopWorkers() throws InterruptedException {
        stopping = true;
        workers.stopAll(settle().plusSeconds(5));
    }

    @Override
    public void close() {
        closed = true;
        synchronized (lifecycle) {
            if (!closeDone) {
                closeDone = true;
                closeLocked();
            }
        }
    }

    private void closeLocked() {
        if (lockWatcher != null) {
            lockWatcher.close();
        }
        try {
            stopWorkers();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            workers.all().forEach(WorkerProcess::kill);
        }
        infra.close();
    }
}
