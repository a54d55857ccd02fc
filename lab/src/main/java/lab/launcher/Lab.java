package lab.launcher;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import lab.check.Checker;
import lab.check.Figures;
import lab.protocol.Event;
import lab.protocol.WorkerConfig;
import lab.session.RunSummary;
import lab.session.ServerInfo;
import lab.store.CounterRow;
import lab.store.CounterStore;

/**
 * One lab session: its temp folder, the store, the worker processes and their events. It starts them in an order
 * that leaves nothing half-started, and {@link #close} stops everything it started, whatever happened before.
 */
final class Lab implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final LabSettings settings;
    private final String token = UUID.randomUUID().toString();
    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    private final List<WorkerProcess> workers = new CopyOnWriteArrayList<>();
    private final List<ServerInfo> servers = new ArrayList<>();
    private final List<ModeSegment> segments = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private SessionFolder folder;
    private H2Server h2;
    private EventRecorder recorder;
    private String storeUrl;
    private Instant launchedAt;
    private Instant readyAt;
    private Path runDir;

    /** A span of the run in one mode: from the first window after every worker took it, to the next switch. */
    private record ModeSegment(String mode, Instant from) {}

    Lab(LabSettings settings) {
        this.settings = settings;
    }

    void onEvent(Consumer<Event> listener) {
        listeners.add(listener);
    }

    /** Starts the store and the workers, and returns once every worker answers {@code /healthz}. */
    void start(Consumer<String> say) throws StartFailure {
        launchedAt = Instant.now();
        try {
            folder = SessionFolder.create();
            runDir = settings.runsDir().resolve(
                    LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")));
            recorder = new EventRecorder(runDir.resolve("events.jsonl"));
            // H2 reads its bind address once, when its classes load: loopback only, before anything of H2 runs.
            System.setProperty("h2.bindAddress", "127.0.0.1");
            h2 = H2Server.start(folder.sub("h2"));
            storeUrl = h2.jdbcUrl();
            servers.add(new ServerInfo("h2", "127.0.0.1:" + h2.port(), "ready", h2.startMillis(), "store"));
            say.accept("h2 server ready on 127.0.0.1:" + h2.port() + " in " + h2.startMillis() + " ms (store)");
            try (CounterStore store = new CounterStore(storeUrl)) {
                store.createAndClear();
            }
        } catch (IOException | java.sql.SQLException e) {
            throw new StartFailure("cannot start the store: " + e.getMessage(), e);
        }
        for (int i = 1; i <= settings.workers(); i++) {
            startWorker("w" + i);
        }
        for (WorkerProcess w : workers) {
            try {
                int port = w.awaitHealthy(http, READY_TIMEOUT);
                say.accept(w.id() + " up: pid " + w.pid() + ", http://127.0.0.1:" + port);
            } catch (Exception e) {
                throw new StartFailure(e.getMessage(), e);
            }
        }
        readyAt = Instant.now();
        segments.add(new ModeSegment(settings.spec().mode().cliName(), readyAt));
    }

    private void startWorker(String id) throws StartFailure {
        WorkerConfig config = new WorkerConfig(id, token, storeUrl, settings.every(), settings.job(), null, null,
                settings.spec());
        WorkerProcess w = new WorkerProcess(config, this::publish);
        workers.add(w);
        try {
            w.start(extraJvmFlags());
        } catch (IOException e) {
            throw new StartFailure(id + " cannot be started: " + e.getMessage(), e);
        }
    }

    /** Extra flags for the worker JVMs, from {@code LAB_WORKER_JAVA_OPTS}: for tuning and benchmarking. */
    private static List<String> extraJvmFlags() {
        String opts = System.getenv("LAB_WORKER_JAVA_OPTS");
        return opts == null || opts.isBlank() ? List.of() : Arrays.asList(opts.trim().split("\\s+"));
    }

    private void publish(Event e) {
        recorder.record(e);
        for (Consumer<Event> l : listeners) {
            l.accept(e);
        }
    }

    long readyMillis() {
        return Duration.between(launchedAt, readyAt).toMillis();
    }

    Instant readyAt() {
        return readyAt;
    }

    List<Long> workerPids() {
        return workers.stream().map(WorkerProcess::pid).toList();
    }

    Path runDir() {
        return runDir;
    }

    /**
     * Stops every worker: each stops firing and lets its runs in progress write their rows, so that every window
     * that ended before {@code stopAt} is complete in the table. Then counts.
     */
    RunSummary stopAndSummarise(Instant stopAt) throws java.sql.SQLException, InterruptedException {
        stopWorkers();
        List<CounterRow> rows;
        try (CounterStore store = new CounterStore(storeUrl)) {
            rows = store.readAll();
        }
        Figures total = Checker.figures(rows, readyAt, stopAt, settings.every());
        Map<String, Figures> byMode = new LinkedHashMap<>();
        for (int i = 0; i < segments.size(); i++) {
            ModeSegment seg = segments.get(i);
            Instant end = i + 1 < segments.size() ? segments.get(i + 1).from() : stopAt;
            Figures f = Checker.figures(rows, seg.from(), end, settings.every());
            byMode.merge(seg.mode(), f, Figures::plus);
        }
        return new RunSummary(settings.workers(), settings.spec().mode().cliName(), settings.every(),
                settings.spec().taskTime(), readyMillis(), total, byMode, List.copyOf(servers));
    }

    private void stopWorkers() throws InterruptedException {
        workers.forEach(WorkerProcess::requestStop);
        // A run in progress needs its task time to finish, and a queued one may wait for every other worker's.
        Duration grace = settings.spec().taskTime().multipliedBy(settings.workers()).plusSeconds(5);
        for (WorkerProcess w : workers) {
            w.awaitStop(grace);
        }
    }

    @Override
    public void close() {
        try {
            stopWorkers();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            workers.forEach(WorkerProcess::requestStop);
        }
        if (h2 != null) {
            h2.close();
        }
        if (recorder != null) {
            recorder.close();
        }
        if (folder != null) {
            folder.close();
        }
    }
}
