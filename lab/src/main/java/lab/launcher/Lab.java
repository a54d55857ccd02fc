package lab.launcher;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import lab.check.Checker;
import lab.check.Figures;
import lab.fleet.ModeSwitcher;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.guard.LockState;
import lab.os.SessionFolder;
import lab.protocol.Event;
import lab.protocol.ModeSpec;
import lab.protocol.Secrets;
import lab.protocol.WorkerConfig;
import lab.servers.H2Server;
import lab.servers.Passwords;
import lab.servers.ServerSlot;
import lab.servers.Servers;
import lab.servers.ServersEnv;
import lab.session.LabControl;
import lab.session.ModeSegment;
import lab.session.RunSummary;
import lab.session.ServerInfo;
import lab.store.CounterRow;
import lab.store.CounterStore;

/**
 * One lab session: its temp folder, the servers, the store, the worker processes and their events. It starts
 * them in an order that leaves nothing half-started, and {@link #close} stops everything it started.
 */
public final class Lab implements LabControl, AutoCloseable {

    private final LabSettings settings;
    private final String token = UUID.randomUUID().toString();
    /** Closes the lab's servers to the machine's other users; it reaches workers on stdin, like the token. */
    private final String password = Passwords.generate();

    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    private final WorkerPool workers;
    private final List<Long> switchMillis = new CopyOnWriteArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ModeSwitcher switcher = new ModeSwitcher(http, token);
    private final Segments segments = new Segments();
    private final Faults faults;
    private volatile ModeSpec spec;
    private volatile Instant modeSince;
    private volatile boolean stopping;
    private final Object lifecycle = new Object();
    private volatile boolean closed;
    private boolean closeDone; // guarded by lifecycle
    private volatile Consumer<String> lockLines = line -> {};
    private SessionFolder folder;
    private H2Server h2;
    private ServerSlot redis;
    private ServerSlot postgres;
    private volatile LockWatcher lockWatcher;
    private EventRecorder recorder;
    private Path serversEnv;
    private String storeUrl;
    private Instant launchedAt;
    private Instant readyAt;
    private volatile Instant countFrom; // ready, or the last time the table was emptied
    private final Path runDir;

    public Lab(LabSettings settings) {
        this.settings = settings;
        this.spec = settings.spec();
        this.runDir = settings.runsDir()
                .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")));
        this.workers = new WorkerPool(
                http,
                id -> new WorkerConfig(
                        id, token, storeUrl, settings.every(), settings.job(), redis.url(), postgres.url(), spec),
                this::publish);
        this.faults = new Faults(
                workers,
                switcher,
                () -> spec,
                this::lock,
                () -> redis,
                () -> postgres,
                this::settle,
                () -> storeUrl,
                settings.every());
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
        try {
            folder = SessionFolder.create();
            recorder = new EventRecorder(runDir.resolve("events.jsonl"));
            redis = Servers.redis(settings.redisUrl(), folder, settings.servers(), password);
            postgres = Servers.postgres(settings.pgUrl(), folder, settings.servers(), password);
        } catch (IOException e) {
            throw new StartFailure("cannot prepare the session: " + e.getMessage(), e);
        }
        needNow(postgres, settings.storeInPostgres() || spec.mode().needsPostgres(), say);
        needNow(redis, spec.mode().needsRedis(), say);
        try {
            storeUrl = settings.storeInPostgres() ? postgres.url() : startH2(say);
            try (CounterStore store = new CounterStore(storeUrl)) {
                store.createAndClear();
            }
        } catch (IOException | SQLException e) {
            throw new StartFailure(
                    "cannot prepare the counter table in " + settings.store() + ": " + Secrets.mask(e.getMessage()), e);
        }
        try {
            serversEnv = ServersEnv.write(folder.path().resolve("servers.env"), password, h2, redis, postgres);
        } catch (IOException e) {
            throw new StartFailure("cannot write the session's servers.env: " + e.getMessage(), e);
        }
        say.accept("the lab's servers, for redis-cli, psql and H2's shell: source " + serversEnv);
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
        modeSince = readyAt;
        segments.begin(spec, readyAt);
        for (ServerSlot slot : List.of(redis, postgres)) {
            if (!slot.external() && slot.info().state().equals("not started")) {
                Thread t = new Thread(
                        () -> {
                            slot.startNow();
                            sayServer(slot.info(), say);
                        },
                        "lab-start-" + slot.name());
                t.setDaemon(true);
                t.start();
            }
        }
        lockWatcher = new LockWatcher(
                () -> spec.mode(), redis::url, postgres::url, settings.job(), line -> lockLines.accept(line));
        listeners.add(lockWatcher::onEvent);
        lockWatcher.start();
    }

    private void stopIfClosing() throws StartFailure {
        if (closed) {
            throw new StartFailure("the lab was stopped while it was starting", null);
        }
    }

    private void needNow(ServerSlot slot, boolean needed, Consumer<String> say) throws StartFailure {
        if (!needed) {
            return;
        }
        try {
            slot.awaitReady();
        } catch (IllegalStateException e) {
            throw new StartFailure(e.getMessage(), e);
        }
        sayServer(slot.info(), say);
    }

    /** After a fallback, first the line that says why the machine's binary was not used. */
    private static void sayServer(ServerInfo info, Consumer<String> say) {
        if (!info.note().isEmpty()) {
            say.accept(info.note());
        }
        say.accept(Servers.describe(info));
    }

    private String startH2(Consumer<String> say) throws IOException, SQLException {
        // H2 reads its bind address once, when its classes load: loopback only, before anything of H2 runs.
        System.setProperty("h2.bindAddress", "127.0.0.1");
        h2 = H2Server.start(folder.sub("h2"), password);
        say.accept("h2 server ready on " + h2.address() + " in " + h2.startMillis() + " ms (store)");
        return h2.jdbcUrl();
    }

    private void publish(Event e) {
        recorder.record(e);
        for (Consumer<Event> l : listeners) {
            l.accept(e);
        }
    }

    /**
     * Switches every worker to the mode and knobs in {@code changes}, and says how it went in one line. A mode
     * whose server is not available is refused before any worker is asked.
     */
    /** One switch at a time: a scenario step and a key may ask at once, and the spans must not interleave. */
    @Override
    public synchronized String switchMode(Map<String, ?> changes) {
        ModeSpec next;
        try {
            next = spec.merge(changes);
            if (next.mode().needsRedis()) {
                redis.awaitReady();
            }
            if (next.mode().needsPostgres()) {
                postgres.awaitReady();
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            return "switch to " + changes + " refused: " + e.getMessage() + "; still in mode " + spec.mode();
        }
        Instant requested = Instant.now();
        ModeSwitcher.Result r = switcher.switchAll(workers.reachable(), next);
        segments.end(requested);
        if (r.ackMillis().isEmpty()) {
            // No worker moved: the run is still wholly in the old mode, and keeps being counted as such.
            segments.begin(spec, Instant.now());
            return "switch to " + next.mode() + " refused by every worker: " + String.join("; ", r.refusals())
                    + "; still in mode " + spec.mode();
        }
        if (!r.complete()) {
            // Some workers moved, some did not: no span is counted, and `since: mode` has nothing to judge.
            spec = next;
            modeSince = null;
            return "switch to " + next.mode() + " incomplete, not counted until the next switch: "
                    + String.join("; ", r.refusals());
        }
        spec = next;
        modeSince = Instant.now();
        segments.begin(next, modeSince);
        switchMillis.add(r.max());
        return "switch to " + next.mode() + " " + next.toMap() + ": acknowledged by "
                + r.ackMillis().size() + " workers, p50 " + r.p50() + " ms, max " + r.max() + " ms";
    }

    @Override
    public String server(String name, boolean start) {
        return faults.server(name, start);
    }

    @Override
    public String fault(String kind, String target) {
        return faults.fault(kind, target);
    }

    public Faults faults() {
        return faults;
    }

    /**
     * Empties the counter table and counts afresh from now: figures over rows that are gone would claim missed
     * ticks that ran. (A span in a mode that not every worker acknowledged stays uncounted.)
     */
    public synchronized String clearTable() {
        String said = faults.clearTable();
        countFrom = Instant.now();
        if (modeSince != null) {
            segments.restart(spec, countFrom);
        }
        return said + "; counting afresh from now";
    }

    public Optional<WorkerProcess> holder() {
        return faults.holder();
    }

    public String storeUrl() {
        return storeUrl;
    }

    public ModeSpec spec() {
        return spec;
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
        Map<String, Figures> byMode = new LinkedHashMap<>();
        segments.countSoFar(rows, settings.every(), now)
                .forEach(s -> byMode.merge(s.mode(), s.figures(), Figures::plus));
        return byMode;
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
        return modeSince;
    }

    /** A run in progress needs its task time to finish, and a queued one may wait for every other worker's. */
    @Override
    public Duration settle() {
        return spec.taskTime().multipliedBy(workers.all().size()).plusMillis(300);
    }

    @Override
    public Figures figures(Instant from, Instant to) throws SQLException {
        try (CounterStore store = new CounterStore(storeUrl)) {
            return Checker.figures(store.readAll(), from, to, settings.every());
        }
    }

    public List<Long> workerPids() {
        return workers.all().stream().map(WorkerProcess::pid).toList();
    }

    public WorkerPool workers() {
        return workers;
    }

    public Path runDir() {
        return runDir;
    }

    /** The session's private file of ready-to-paste server commands, once the lab has started. */
    public Path serversEnv() {
        return serversEnv;
    }

    public List<ServerInfo> servers() {
        List<ServerInfo> all = new ArrayList<>();
        if (h2 != null) {
            all.add(new ServerInfo(
                    "h2",
                    h2.address(),
                    "ready",
                    h2.startMillis(),
                    "in-process",
                    "H2 TCP server in the launcher (store)",
                    ""));
        }
        if (redis != null) {
            all.add(redis.info());
        }
        if (postgres != null) {
            all.add(postgres.info());
        }
        return all;
    }

    /**
     * Stops every worker: each stops firing and lets its runs in progress write their rows, so that every window
     * that ended before {@code stopAt} is complete in the table. Then counts, from the table only.
     */
    public RunSummary stopAndSummarise(Instant stopAt) throws SQLException, InterruptedException {
        stopWorkers();
        segments.end(stopAt);
        List<CounterRow> rows;
        try (CounterStore store = new CounterStore(storeUrl)) {
            rows = store.readAll();
        }
        Figures total = Checker.figures(rows, countFrom, stopAt, settings.every());
        List<ModeSegment> counted = segments.count(rows, settings.every());
        Map<String, Figures> byMode = new LinkedHashMap<>();
        counted.forEach(s -> byMode.merge(s.mode(), s.figures(), Figures::plus));
        return new RunSummary(
                settings.workers(),
                settings.spec().mode().cliName(),
                settings.every(),
                settings.spec().taskTime(),
                readyMillis(),
                total,
                byMode,
                counted,
                List.copyOf(switchMillis),
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
        for (AutoCloseable c : new AutoCloseable[] {h2, redis, postgres, recorder}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                System.err.println("lab session " + runDir.getFileName() + " - closing "
                        + c.getClass().getSimpleName() + " failed: " + e.getMessage());
            }
        }
        if (folder != null) {
            folder.close();
        }
    }
}
