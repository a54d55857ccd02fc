package lab.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import lab.os.FakeTime;
import lab.os.Signals;
import lab.os.Spawner;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.WorkerConfig;
import lab.protocol.WorkerFact;
import lab.session.WorkerState;

/**
 * One forked worker JVM, seen from the launcher: its process, its event lines, its last stderr lines, and the signals
 * that pause, resume, stop and kill it. Its command line is {@link WorkerJvm}'s.
 */
public final class WorkerProcess {
    private final WorkerConfig config;
    private final Consumer<Event> events;
    private final StderrTail stderr = new StderrTail(20);
    private final CompletableFuture<Integer> port = new CompletableFuture<>();
    private Process process;
    private Thread outPump;
    private volatile WorkerState state = WorkerState.STARTING;
    private volatile Consumer<WorkerExit> onDeath = exit -> {};
    private volatile boolean stopAsked;
    private volatile WorkerExit exit;
    private volatile Duration skew = Duration.ZERO;
    private volatile SwitchLine switches;

    WorkerProcess(WorkerConfig config, Consumer<Event> events) {
        this.config = config;
        this.events = events;
    }

    public String id() {
        return config.worker();
    }

    /** Forks the JVM and hands it its configuration on stdin; returns at once. */
    void start(List<String> extraJvmFlags) throws IOException {
        start(extraJvmFlags, List.of());
    }

    /**
     * The same, the JVM started through {@code enter} (the words that put it in its host's network namespace:
     * {@code nsenter} execs it, so the pid the launcher signals is the JVM's own).
     */
    void start(List<String> extraJvmFlags, List<String> enter) throws IOException {
        start(extraJvmFlags, enter, Duration.ZERO);
    }

    /**
     * The same, its wall clock moved by {@code skew} (libfaketime preloaded, {@link FakeTime}): this JVM alone sees
     * it, the launcher and every other worker keep the machine's clock.
     */
    void start(List<String> extraJvmFlags, List<String> enter, Duration skew) throws IOException {
        this.skew = skew;
        process = Spawner.start(WorkerJvm.worker(extraJvmFlags, enter, skew));
        outPump = LinePump.start(id() + "-out", process.getInputStream(), this::onLine);
        Thread errPump = LinePump.start(id() + "-err", process.getErrorStream(), stderr::add);
        process.onExit().thenRun(() -> {
            LinePump.join(errPump); // the last stderr lines are the explanation: read them all first
            boolean wasUp = state == WorkerState.UP || state == WorkerState.PAUSED;
            WorkerExit.By by = state == WorkerState.KILLED
                    ? WorkerExit.By.KILL
                    : stopAsked ? WorkerExit.By.STOP : WorkerExit.By.ITSELF;
            exit = new WorkerExit(id(), process.pid(), process.exitValue(), by, stderr.lines());
            if (state != WorkerState.KILLED) {
                state = WorkerState.EXITED;
            }
            if (wasUp || by == WorkerExit.By.KILL) {
                onDeath.accept(exit);
            }
            port.completeExceptionally(new IllegalStateException(
                    id() + " exited with code " + process.exitValue() + " before it was ready" + stderrSummary()));
        });
        OutputStream stdin = process.getOutputStream();
        switches = new SwitchLine(id(), stdin);
        try {
            // The pipe stays open: its end is how the worker learns that the launcher is gone.
            stdin.write((config.toJson() + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            // It died before reading its configuration; onExit reports how, with its stderr.
        }
    }

    /** How far its wall clock was set from the machine's when it was started: zero, or the skew the lab gave it. */
    public Duration skew() {
        return skew;
    }

    /** Where its HTTP listens: 127.0.0.1, or its own address inside its host's network namespace. */
    public String address() {
        return config.bind();
    }

    /** {@code http://address:port}, once it is ready. */
    public String url() {
        return "http://" + address() + ":" + port();
    }

    /** The HTTP port it reported; only once it is ready. */
    public int port() {
        return port.isDone() && !port.isCompletedExceptionally() ? port.join() : -1;
    }

    /** Its exit code, once it has ended. */
    CompletionStage<Integer> exitCode() {
        return process.onExit().thenApply(Process::exitValue);
    }

    int exitValue() {
        return process.exitValue();
    }

    /** Its process id, or -1 before it is forked. */
    public long pid() {
        Process p = process;
        return p == null ? -1 : p.pid();
    }

    boolean alive() {
        return process != null && process.isAlive();
    }

    /**
     * Waits until the worker reported its port and answers {@code GET /healthz} there; throws with the worker's
     * last stderr lines when it died or did not get there in time.
     */
    int awaitHealthy(HttpClient http, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        int p;
        try {
            p = port.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    id() + " did not report ready within " + timeout.toMillis() + " ms" + stderrSummary());
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage());
        }
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://" + address() + ":" + p + "/healthz"))
                .timeout(Duration.ofSeconds(2))
                .build();
        while (true) {
            try {
                HttpResponse<String> res = http.send(req, HttpResponse.BodyHandlers.ofString());
                if (res.statusCode() == 200) {
                    state = WorkerState.UP;
                    return p;
                }
            } catch (IOException e) {
                // not listening yet, or busy: try again until the deadline
            }
            if (System.nanoTime() > deadline || !alive()) {
                throw new IllegalStateException(id() + " does not answer GET /healthz on port " + p + stderrSummary());
            }
            Thread.sleep(20);
        }
    }

    /** Who hears that the worker ended after it was ready (a crash, a kill, a stop), once its stderr is read. */
    void onDeath(Consumer<WorkerExit> listener) {
        onDeath = listener;
    }

    /** How it ended, once it has: what the dashboard's row and the recording say. */
    public Optional<WorkerExit> exit() {
        return Optional.ofNullable(exit);
    }

    /** starting, up, paused, killed or exited. */
    public WorkerState state() {
        return state;
    }

    /** kill -9: no shutdown hook, no release; the lock it held stays as the mechanism leaves it. */
    public void kill() {
        if (alive()) {
            state = WorkerState.KILLED;
            process.destroyForcibly();
        }
    }

    /** SIGSTOP: alive, holding whatever it holds, doing nothing — a long GC pause, a frozen VM. */
    public void pause() {
        if (alive() && Signals.send(process.pid(), "STOP")) {
            state = WorkerState.PAUSED;
        }
    }

    public void resume() {
        if (alive() && Signals.send(process.pid(), "CONT")) {
            state = WorkerState.UP;
        }
    }

    /** Asks the worker to stop (SIGTERM): it stops firing and lets the runs in progress write their rows. */
    public void requestStop() {
        if (alive()) {
            stopAsked = true;
            // A paused process cannot act on SIGTERM: wake it first, or it would need the kill after the grace.
            if (state == WorkerState.PAUSED) {
                resume();
            }
            // SIGTERM through the process handle: Process.destroy() would also close our end of the worker's
            // stdout, and the events it prints on its way out (the last runs' released and executed) would be lost.
            process.toHandle().destroy();
        }
    }

    /** Waits for the worker to end; kills it when it takes longer than {@code grace}. */
    public void awaitStop(Duration grace) throws InterruptedException {
        if (process == null) {
            return;
        }
        if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            process.waitFor(2, TimeUnit.SECONDS);
        }
        // Its last event lines may still be in the pipe: read them before anyone closes the recorder or counts.
        LinePump.join(outPump);
    }

    private String stderrSummary() {
        List<String> lines = stderr.lines();
        if (lines.isEmpty()) {
            return "";
        }
        List<String> last = lines.subList(Math.max(0, lines.size() - 5), lines.size());
        return "; last stderr lines:\n    " + String.join("\n    ", last);
    }

    /** Its switches, down its stdin; null before it is forked. */
    SwitchLine switches() {
        return switches;
    }

    private void onLine(String line) {
        Event e;
        try {
            e = Event.parse(line);
        } catch (IllegalArgumentException notAnEvent) {
            stderr.add(line); // stray output: keep it with the diagnostics, never count it
            return;
        }
        if (e.fact() instanceof WorkerFact.Answer a) {
            // The acknowledgement of a switch, not a fact of the lab: the mode line before it said what changed.
            switches.answered(a);
            return;
        }
        if (e.type() == EventType.READY && e.port() != null) {
            port.complete(e.port());
        }
        events.accept(e);
    }
}
