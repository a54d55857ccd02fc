package lab.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import lab.check.Clocks;
import lab.fleet.AttachServer;
import lab.fleet.AttachedWorker;
import lab.fleet.ModeSwitcher;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.guard.Fields;
import lab.protocol.AttachGrant;
import lab.protocol.ClockOffset;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.ModeSpec;
import lab.session.RunSummary;

/**
 * One lab session: what it stands on ({@link Infrastructure}), the worker processes and their events, and the mode
 * in force ({@link Modes}). It starts them in an order that leaves nothing half-started, and {@link #close} stops
 * everything it started.
 */
public final class Lab implements AutoCloseable {
    private final LabSettings settings;
    private final String token;
    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ModeSwitcher switcher;
    private final AttachServer attached;
    private final Infrastructure infra;
    private final Modes modes;
    private final WorkerPool workers;
    private final Faults faults;
    private final ServerToggle serverToggle;
    private final Controls controls;
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
    private volatile int attachedAt = -1;
    private volatile Consumer<String> said = line -> {};

    public Lab(LabSettings settings) {
        this(settings, Clock.systemUTC());
    }

    /** {@code clock} is the lab's reading of the time: its spans, its faults' timing, its views and replays. */
    public Lab(LabSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
        this.token = token(settings.attach());
        this.switcher = new ModeSwitcher(http, token);
        this.infra = new Infrastructure(settings);
        this.recording = new Recording(clock);
        this.modes = new Modes(settings.spec(), clock);
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
                workers,
                switcher,
                modes::spec,
                lockWatcher::current,
                this::settle,
                infra::storeUrl,
                () -> {
                    Instant now = clock.instant();
                    tally.countFrom(now);
                    modes.restart(now);
                },
                settings.every(),
                recording);
        this.serverToggle = new ServerToggle(
                infra,
                recording,
                () -> modes.spec().mode().cliName(),
                () -> modes.spec().get(Knobs.ON_LOCK_ERROR),
                settings.storeInPostgres());
        Partitions partitions = new Partitions(
                infra::networks,
                settings::host,
                faults::earlyHolderFrom,
                modes::spec,
                () -> workers.all().stream().map(WorkerProcess::id).toList(),
                recording);
        this.attached = new AttachServer(
                token,
                id -> new AttachGrant(
                        id,
                        modes.spec(),
                        settings.every(),
                        settings.trigger(),
                        settings.jitter(),
                        settings.job(),
                        clock.instant()),
                this::publish,
                id -> workers.byId(id).isPresent(),
                clock);
        attached.modeInForce(modes::spec);
        workers.alsoTaken(id -> attached.all().stream().anyMatch(a -> a.id().equals(id)));
        faults.alsoKnown(() -> attached.all().stream().map(AttachedWorker::id).toList());
        tally.clocks(this::clocks);
        this.controls = new Controls(
                modes,
                infra,
                switcher,
                workers,
                faults,
                partitions,
                serverToggle,
                tally,
                () -> readyAt,
                clock,
                recording,
                attached);
    }

    /**
     * What worker {@code id} is handed: on a host with a network of its own, the servers by that link's addresses
     * (the lock servers by the one a partition cuts) and its HTTP on its own address there.
     */
    private lab.protocol.WorkerConfig workerConfig(String id) {
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
    public static java.util.Optional<String> whyNoHostNetworks(LabSettings settings) {
        return HostNetworks.whyNot(settings.hosts(), settings.redisUrl(), settings.pgUrl());
    }

    /** Whose clock wrote each row: the attached workers' own, at the offsets they last reported. */
    private Clocks clocks() {
        Map<String, ClockOffset> offsets = new HashMap<>();
        Set<String> unknown = new HashSet<>();
        for (AttachedWorker w : attached.all()) {
            if (w.offset() == null) {
                unknown.add(w.id());
            } else {
                offsets.put(w.id(), w.offset());
            }
        }
        return new Clocks(offsets, unknown);
    }

    /** The session token: the one in {@code --token-file} (a Kubernetes Secret), else a new one. */
    private static String token(Attach attach) {
        if (attach.tokenFile() == null) {
            return UUID.randomUUID().toString();
        }
        try {
            return Files.readString(attach.tokenFile(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the token in " + attach.tokenFile(), e);
        }
    }

    /** Whether this lab's hosts got network namespaces of their own (known once it has started). */
    public boolean hostsHaveNetworks() {
        return infra.networks().real();
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
        infra.onServerDeath((name, line) -> {
            if (stopping || closed) {
                return;
            }
            String said = line + "; " + serverToggle.downConsequence(name);
            recording.lab(
                    EventType.SERVER,
                    modes.spec().mode().cliName(),
                    said,
                    Fields.of("name", name.toString(), "up", false, "on_its_own", true));
            say.accept(said);
        });
        infra.startFor(modes.spec(), say);
        workers.onDeath(exit -> {
            lockWatcher.forget(exit.pid());
            if (exit.onItsOwn()) {
                // Recorded whenever it happens, a stop included: a worker that dies during the stop died all the same.
                recording.lab(
                        EventType.EXITED,
                        modes.spec().mode().cliName(),
                        exit.line(),
                        Fields.of(
                                "target", exit.worker(),
                                "target_pid", exit.pid(),
                                "exit_code", exit.code(),
                                "signal", exit.signal().orElse(null),
                                "stderr", exit.quoted()));
            }
            if (!stopping) {
                say.accept(exit.line());
            }
        });
        try {
            workers.startAll(settings.workers(), say, () -> closed);
        } catch (Exception e) {
            throw new StartFailure(e.getMessage(), e);
        }
        readyAt = clock.instant();
        tally.countFrom(readyAt);
        modes.begin(readyAt);
        infra.startTheRestInBackground(say);
        lockWatcher.start();
        if (settings.attach().on()) {
            startAttach(say);
        }
    }

    /** Listens for workers started on their own, and says in two lines how to start one. */
    private void startAttach(Consumer<String> say) throws StartFailure {
        attached.onChange((w, type, line, silent) -> {
            recording.lab(
                    type,
                    modes.spec().mode().cliName(),
                    line,
                    Fields.of(
                            "target", w.id(),
                            "target_pid", w.pid(),
                            "host", w.host(),
                            "silent_ms", silent.toMillis()));
            if (!stopping) {
                say.accept(line);
            }
        });
        int port;
        try {
            port = attached.start(settings.attach().port());
        } catch (IOException e) {
            throw new StartFailure(
                    "cannot listen for attached workers on port "
                            + settings.attach().port() + ": " + e.getMessage(),
                    e);
        }
        Path tokenFile = settings.attach().tokenFile();
        Path env;
        try {
            if (tokenFile == null) {
                tokenFile = infra.privateFile("attach.token", token + "\n");
            }
            env = infra.privateFile(
                    "attach.env",
                    AttachEnv.text(
                            "http://" + AttachServer.likelyAddress() + ":" + port,
                            tokenFile,
                            infra.storeUrl(),
                            infra.redisUrl(),
                            infra.pgUrl()));
        } catch (IOException e) {
            throw new StartFailure("cannot write the attach files in the session folder: " + e.getMessage(), e);
        }
        attachedAt = port;
        say.accept("attach: listening for workers on all addresses, port " + port + "; attach one with: ./run.sh"
                + " worker --report-to http://" + AttachServer.likelyAddress() + ":" + port + " --token-file "
                + tokenFile);
        say.accept("attach: a worker needs the store (and Redis, PostgreSQL for the modes that lock on them) as it"
                + " reaches them: --store-url, --redis-url, --pg-url; on this machine `set -a; . " + env
                + "; set +a` sets them, and the two above: then `./run.sh worker` alone attaches"
                + (settings.storeInPostgres() && settings.pgUrl() != null
                        ? ""
                        : "; the lab's own servers listen on 127.0.0.1 only: for workers on other machines, run the"
                                + " lab with --store postgres, --pg-url and --redis-url of servers they can reach"));
    }

    private void publish(Event e) {
        recording.add(e);
        for (Consumer<Event> l : listeners) {
            l.accept(e);
        }
    }

    /** What a scenario, a key or a scheduled switch may do to the lab. */
    public Controls controls() {
        return controls;
    }

    public Faults faults() {
        return faults;
    }

    public ServerToggle serverToggle() {
        return serverToggle;
    }

    public ModeSpec spec() {
        return modes.spec();
    }

    /** Who holds the lock now, as its own server says. */
    public LockWatcher locks() {
        return lockWatcher;
    }

    public Tally tally() {
        return tally;
    }

    public LabSettings settings() {
        return settings;
    }

    public long readyMillis() {
        return Duration.between(launchedAt, readyAt).toMillis();
    }

    public Clock clock() {
        return clock;
    }

    public Instant readyAt() {
        return readyAt;
    }

    public WorkerPool workers() {
        return workers;
    }

    /** The workers started on their own that attached to this lab ({@code --attach}); none without it. */
    public AttachServer attached() {
        return attached;
    }

    /** The port attached workers report to, once listening; -1 without {@code --attach}. */
    public int attachPort() {
        return attachedAt;
    }

    /** Everything this session recorded so far: its workers' events and the launcher's own records. */
    public Recording recording() {
        return recording;
    }

    /** Where this session records its events and summary: {@code runs/<yyyyMMdd-HHmmss-SSS>}. */
    public Path runDir() {
        return infra.runDir();
    }

    /** What the session stands on: its servers, their URLs and the session's servers.env. */
    public Infrastructure infra() {
        return infra;
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
