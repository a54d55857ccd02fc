package lab.launcher;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import lab.fleet.AttachServer;
import lab.fleet.AttachedWorker;
import lab.fleet.ModeSwitcher;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.nemesis.Nemesis;
import lab.protocol.Event;
import lab.protocol.WorkerConfig;
import lab.session.LabControl;
import lab.session.RunSummary;

/**
 * One lab session: what it stands on ({@link Infrastructure}), the worker processes and their events, and the mode
 * in force ({@link ModeInForce}). It starts them in an order that leaves nothing half-started, and {@link #close} stops
 * everything it started.
 */
public final class Lab implements AutoCloseable {
    private final LabSettings settings;
    private final String token;
    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    // HTTP/1.1, which is all a worker's Undertow serves: the client's default, HTTP/2, offers an h2c upgrade on every
    // request made in clear text, and the worker ignores it.
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private final ModeSwitcher switcher;
    private final AttachServer attached;
    private final Infrastructure infra;
    private final ModeInForce modes;
    private final WorkerPool workers;
    private final Faults faults;
    private final Controls controls;
    private final View view;
    private final Deaths deaths;
    private final Object lifecycle = new Object();
    private volatile boolean stopping;
    private volatile boolean closed;
    private boolean closeDone; // guarded by lifecycle
    private volatile Consumer<String> lockLines = line -> {};
    private final LockWatcher lockWatcher;
    private Instant launchedAt;
    private volatile Instant readyAt;
    private final Tally tally;
    private final Clock clock;
    private final Recording recording;
    private volatile Consumer<String> said = line -> {};

    public Lab(LabSettings settings) {
        this(settings, Clock.systemUTC());
    }

    /** {@code clock} is the lab's reading of the time: its spans, its faults' timing, its views and replays. */
    public Lab(LabSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
        this.token = settings.attach().token();
        this.switcher = new ModeSwitcher();
        this.infra = new Infrastructure(settings);
        this.recording = new Recording(clock);
        this.modes = new ModeInForce(settings.spec(), clock);
        this.tally = new Tally(infra::storeUrl, modes, settings.every(), recording);
        this.workers = new WorkerPool(http, this::workerConfig, this::publish);
        this.workers.placeWith(id -> infra.networks().enter(settings.host(id)));
        this.lockWatcher = new LockWatcher(
                () -> modes.spec().mode(),
                () -> infra.redis().url(),
                () -> infra.postgres().url(),
                settings.job(),
                (state, line) -> {
                    recording.lock(state, modes.spec().mode().cliName(), line);
                    lockLines.accept(line);
                });
        listeners.add(lockWatcher::onEvent);
        this.faults = new Faults(
                settings, infra, workers, switcher, modes::spec, lockWatcher::current, this::settle, recording);
        this.attached = Attaching.server(token, settings, modes, clock, this::publish, workers);
        workers.alsoTaken(id -> attached.all().stream().anyMatch(a -> a.id().equals(id)));
        faults.alsoKnown(() -> attached.all().stream().map(AttachedWorker::id).toList());
        tally.clocks(() -> Attaching.clocks(attached).withSkews(recording.skews()));
        this.controls =
                new Controls(modes, infra, switcher, workers, faults, tally, () -> readyAt, clock, recording, attached);
        this.view =
                new View(settings, controls, modes, workers, attached, lockWatcher, faults, infra, tally, recording);
        this.deaths = new Deaths(recording, modes, faults, lockWatcher, () -> stopping, () -> closed);
    }

    /**
     * What worker {@code id} is handed: on a host with a network of its own, the servers by that link's addresses
     * (the lock servers by the one a partition cuts) and its HTTP on its own address there.
     */
    private WorkerConfig workerConfig(String id) {
        String host = settings.host(id);
        HostNetworks net = infra.networks();
        return settings.workerConfig(
                id,
                token,
                net.storeUrl(host, infra.storeUrl()),
                net.lockUrl(host, infra.redis().url()),
                net.lockUrl(host, infra.postgres().url()),
                modes.spec(),
                infra.lockDir(host),
                net.bind(host));
    }

    /**
     * Why a lab with {@code settings} would run its hosts without networks of their own, in words; empty when each
     * host gets its network namespace.
     */
    public static Optional<String> whyNoHostNetworks(LabSettings settings) {
        return HostNetworks.whyNot(settings.hosts(), settings.redisUrl(), settings.pgUrl());
    }

    /** Why {@code hosts} simulated hosts cannot have networks of their own here, with the lab's own servers. */
    public static Optional<String> whyNoHostNetworks(int hosts) {
        return HostNetworks.whyNot(hosts, null, null);
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
        said = say;
        launchedAt = clock.instant();
        infra.prepare(say);
        recording.writeTo(infra::record);
        infra.onServerDeath((name, line) -> deaths.server(name, line, say));
        infra.startFor(modes.spec(), say);
        workers.onDeath(exit -> deaths.worker(exit, say));
        StartSkews.apply(settings, faults, say);
        try {
            workers.startAll(settings.workers(), say, () -> closed);
        } catch (Exception e) {
            throw new StartFailure(e.getMessage(), e);
        }
        readyAt = clock.instant();
        ArchiveMarker.workersReady();
        tally.countFrom(readyAt);
        modes.begin(readyAt);
        infra.startTheRestInBackground(say);
        lockWatcher.start();
        if (settings.attach().on()) {
            Attaching.start(
                    attached,
                    settings,
                    infra,
                    token,
                    recording,
                    () -> modes.spec().mode().cliName(),
                    () -> stopping,
                    say);
        }
    }

    private void publish(Event e) {
        recording.add(e);
        for (Consumer<Event> l : listeners) {
            l.accept(e);
        }
    }

    /** The control door: what a scenario, a key, the soak or a scheduled switch may do to the lab. */
    public LabControl control() {
        return controls;
    }

    /** The view door: what the dashboard, the lines, the soak and the bench may read of the lab. */
    public LabView view() {
        return view;
    }

    /** The fault room: every fault a key, a scenario's step or the soak does goes through it. */
    public Nemesis faults() {
        return faults;
    }

    public long readyMillis() {
        return Duration.between(launchedAt, readyAt).toMillis();
    }

    /** Where this session records its events and summary: {@code runs/<yyyyMMdd-HHmmss-SSS>}. */
    public Path runDir() {
        return infra.runDir();
    }

    /**
     * Stops every worker: each stops firing and lets its runs in progress write their rows, so that every window
     * that ended before {@code stopAt} is complete in the table. Then counts, from the table only.
     */
    public RunSummary stopAndSummarise(Instant stopAt) throws SQLException, InterruptedException {
        stopWorkers();
        // Said before the summary that counts without them: which overlaps were not judged, and why.
        tally.notJudged(stopAt).forEach(said);
        return tally.summary(stopAt, settings, readyMillis(), infra.servers());
    }

    /**
     * Keeps the store's tables in the run folder ({@code counter.csv}, {@code job_runs.csv}, {@code refused.csv}),
     * read once the workers have stopped: the facts a report draws, whatever the store was, and after the lab's own
     * database is gone with its temp folder.
     */
    public List<Path> saveTables() throws SQLException, IOException {
        return tally.saveTables(runDir());
    }

    private Duration settle() {
        return controls.settle();
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
        lockWatcher.close();
        // Attached workers are not the lab's to stop: they notice the launcher is gone, and stop on their own.
        attached.close();
        try {
            stopWorkers();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            workers.all().forEach(WorkerProcess::kill);
        }
        infra.close();
    }
}
