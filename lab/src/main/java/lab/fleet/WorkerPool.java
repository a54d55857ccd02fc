package lab.fleet;

import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import lab.protocol.Event;
import lab.protocol.WorkerConfig;
import lab.session.WorkerState;

/**
 * The worker processes of a session, by id: started, hurt (kill -9, pause, resume), restarted under the same id,
 * added and removed while the lab runs, and stopped together at the end.
 */
public final class WorkerPool {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final List<WorkerProcess> workers = new CopyOnWriteArrayList<>();
    private final HttpClient http;
    private final Function<String, WorkerConfig> configFor;
    private final Consumer<Event> events;
    private volatile Consumer<WorkerExit> say = exit -> {};
    private final ClassArchive archive =
            ClassArchive.forThisJvm(ProcessHandle.current().pid());
    private volatile WorkerProcess archiveWriter;
    private volatile Function<String, List<String>> enter = id -> List.of();
    private volatile Predicate<String> taken = id -> false;
    private final Map<String, Duration> skews = new ConcurrentHashMap<>();

    public WorkerPool(HttpClient http, Function<String, WorkerConfig> configFor, Consumer<Event> events) {
        this.http = http;
        this.configFor = configFor;
        this.events = events;
    }

    /** Forks a worker under {@code id}, replacing any earlier process of that id; returns at once. */
    public WorkerProcess start(String id) throws IOException {
        WorkerProcess w = new WorkerProcess(configFor.apply(id), events);
        int at = indexOf(id);
        if (at >= 0) {
            workers.set(at, w);
        } else {
            workers.add(w);
        }
        w.onDeath(exit -> say.accept(exit));
        List<String> flags = new ArrayList<>(archive.flags());
        flags.addAll(extraJvmFlags());
        w.start(flags, enter.apply(id), skews.getOrDefault(id, Duration.ZERO));
        if (archive.writes(flags)) {
            archiveWriter = w;
            w.exitCode().thenAccept(archive::writerExited);
        }
        return w;
    }

    /**
     * The wall-clock offset worker {@code id} gets from its next start on (zero: the machine's clock); a running
     * process keeps the clock it was started with, so a skew lands with a restart.
     */
    public void skew(String id, Duration by) {
        if (by.isZero()) {
            skews.remove(id);
        } else {
            skews.put(id, by);
        }
    }

    /**
     * The words that start worker {@code id} inside its host's network namespace ({@code nsenter --net=...}); none by
     * default, where it runs on the launcher's own network.
     */
    public void placeWith(Function<String, List<String>> enter) {
        this.enter = enter;
    }

    /** Who hears when a worker ends after it was ready: how, and by whose hand. */
    public void onDeath(Consumer<WorkerExit> listener) {
        say = listener;
    }

    /** Waits until {@code w} answers {@code /healthz}; returns its port. */
    /**
     * Forks workers w1..wN at once (each JVM starts while the next is forked), then waits for each to answer
     * {@code /healthz}; {@code say} hears each one up. Throws saying which could not start, or that the lab is
     * stopping ({@code stopping} says so between two steps).
     */
    public void startAll(int n, Consumer<String> say, BooleanSupplier stopping) throws Exception {
        if (!archive.withoutIt().isEmpty()) {
            say.accept(archive.withoutIt());
        }
        for (int i = 1; i <= n; i++) {
            if (stopping.getAsBoolean()) {
                throw new IllegalStateException("the lab was stopped while it was starting");
            }
            try {
                start("w" + i);
            } catch (IOException e) {
                throw new IOException("w" + i + " cannot be started: " + e.getMessage(), e);
            }
        }
        for (WorkerProcess w : all()) {
            if (stopping.getAsBoolean()) {
                throw new IllegalStateException("the lab was stopped while it was starting");
            }
            awaitHealthy(w);
            say.accept(w.id() + " up: pid " + w.pid() + ", " + w.url());
        }
    }

    public int awaitHealthy(WorkerProcess w) throws Exception {
        return w.awaitHealthy(http, READY_TIMEOUT);
    }

    public List<WorkerProcess> all() {
        return List.copyOf(workers);
    }

    /** The workers that can take a switch: alive and not paused (a paused one cannot answer). */
    public List<WorkerProcess> reachable() {
        return workers.stream()
                .filter(w -> w.alive() && w.state() == WorkerState.UP)
                .toList();
    }

    public Optional<WorkerProcess> byId(String id) {
        return workers.stream().filter(w -> w.id().equals(id)).findFirst();
    }

    /** The id a new worker gets: one past the highest so far, and no attached worker's. */
    public String nextId() {
        int max = workers.stream()
                .mapToInt(w -> Integer.parseInt(w.id().substring(1)))
                .max()
                .orElse(0);
        int next = max + 1;
        while (taken.test("w" + next)) {
            next++;
        }
        return "w" + next;
    }

    /**
     * Ids the lab must not give its own workers: those of workers attached from elsewhere (an attached {@code w9}
     * and a forked {@code w9} would be one worker in the table).
     */
    public void alsoTaken(Predicate<String> ids) {
        taken = ids;
    }

    /** Removes the last worker from the pool once it has stopped; false when only one is left. */
    public boolean removeLast(Duration grace) throws InterruptedException {
        if (workers.size() <= 1) {
            return false;
        }
        WorkerProcess last = workers.get(workers.size() - 1);
        last.requestStop();
        last.awaitStop(grace);
        workers.remove(last);
        return true;
    }

    /** SIGTERM to all at once (so they stop together), then wait for each; a laggard is killed after {@code grace}. */
    public void stopAll(Duration grace) throws InterruptedException {
        workers.forEach(WorkerProcess::requestStop);
        for (WorkerProcess w : workers) {
            w.awaitStop(grace);
            // Here and not only in the exit callback: the launcher may be gone before a callback runs.
            if (w == archiveWriter && !w.alive()) {
                archive.writerExited(w.exitValue());
            }
        }
    }

    private int indexOf(String id) {
        for (int i = 0; i < workers.size(); i++) {
            if (workers.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    /** Extra flags for the worker JVMs, from {@code LAB_WORKER_JAVA_OPTS}: for tuning and benchmarking. */
    private static List<String> extraJvmFlags() {
        String opts = System.getenv("LAB_WORKER_JAVA_OPTS");
        return opts == null || opts.isBlank()
                ? List.of()
                : Arrays.asList(opts.trim().split("\\s+"));
    }

    /** The process ids of every worker, in start order. */
    public List<Long> pids() {
        return all().stream().map(WorkerProcess::pid).toList();
    }
}
