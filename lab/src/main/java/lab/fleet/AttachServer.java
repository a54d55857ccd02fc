package lab.fleet;

import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import lab.protocol.AttachGrant;
import lab.protocol.AttachRequest;
import lab.protocol.BadFieldException;
import lab.protocol.ClockOffset;
import lab.protocol.Control;
import lab.protocol.ControlAck;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.ModeSpec;
import lab.protocol.Report;
import lab.protocol.ReportReply;
import lab.session.WorkerState;

/**
 * Where workers started on their own ({@code ./run.sh worker}) attach to this launcher ({@code --attach PORT}):
 * {@code POST /attach} and {@code POST /events}, both with the session token, on every address (a worker elsewhere
 * must reach it). Their event lines join the forked workers' ones; control calls go back on the replies. A worker
 * silent for more than {@link #LOST_AFTER} is lost, as a dead forked worker is shown dead, and comes back if it
 * reports again.
 *
 * <p>JDK's own HTTP server, not Undertow: Undertow is the worker's, and the launcher's rooms import no server
 * library (the architecture test says which room may import which library).
 */
public final class AttachServer implements AutoCloseable {
    /** Twelve heartbeats missed ({@code ReportLink} sends one every 250 ms): a worker that is gone, or cut off. */
    public static final Duration LOST_AFTER = Duration.ofSeconds(3);

    /** As long as a forked worker's {@code PUT /mode} may take. */
    static final Duration SWITCH_TIMEOUT = Duration.ofSeconds(10);

    static final int MAX_ATTACH_BODY = 64 * 1024;
    static final int MAX_EVENTS_BODY = 4 * 1024 * 1024;

    /** Who hears that an attached worker came, came back, was lost or left: one line and its record's type. */
    public interface Listener {
        void changed(AttachedWorker worker, EventType type, String line, Duration silent);
    }

    private final lab.protocol.BearerToken token;
    private final Function<String, AttachGrant> grant;
    private final Consumer<Event> events;
    private final Predicate<String> localId;
    private final Clock clock;
    private final Map<String, AttachedWorker> workers = Collections.synchronizedMap(new LinkedHashMap<>());
    private final AtomicLong controls = new AtomicLong();
    private volatile Listener listener = (w, type, line, silent) -> {};
    private volatile Supplier<ModeSpec> specNow = () -> null;
    private HttpServer server;
    private ExecutorService handlers;
    private ScheduledExecutorService sweeper;

    /**
     * @param grant   the lab's settings in force, for the worker of that id, with the launcher's clock
     * @param events  where the attached workers' events go: where the forked workers' go
     * @param localId whether an id is one of the launcher's own workers (an attached worker may not take it)
     */
    public AttachServer(
            String token,
            Function<String, AttachGrant> grant,
            Consumer<Event> events,
            Predicate<String> localId,
            Clock clock) {
        this.token = new lab.protocol.BearerToken(token);
        this.grant = grant;
        this.events = events;
        this.localId = localId;
        this.clock = clock;
    }

    public void onChange(Listener l) {
        listener = l;
    }

    /** Listens on every address, on {@code port} (0: any free one); returns the port. */
    public int start(int port) throws IOException {
        // The JDK's server reads a request's head on a handler thread with no time limit: a few connections that
        // send nothing, from anyone who reaches the port, would hold every thread before the token is checked. Read
        // once when its classes load, so set before the first server is made.
        System.setProperty("sun.net.httpserver.maxReqTime", "5");
        System.setProperty("sun.net.httpserver.maxRspTime", "10");
        server = HttpServer.create(new InetSocketAddress(port), 16);
        handlers = Executors.newFixedThreadPool(16, r -> {
            Thread t = new Thread(r, "lab-attach");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
        server.start();
        sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lab-attach-sweep");
            t.setDaemon(true);
            return t;
        });
        sweeper.scheduleWithFixedDelay(this::sweepSafely, 250, 250, TimeUnit.MILLISECONDS);
        return server.getAddress().getPort();
    }

    /** Every attached worker, in the order they first came. */
    public List<AttachedWorker> all() {
        synchronized (workers) {
            return List.copyOf(workers.values());
        }
    }

    /**
     * Asks every attached worker that is up to switch, on the reply to its next report, and waits for each one's
     * answer in the report after; a worker that is lost meanwhile answers with why.
     */
    public ModeSwitcher.Result switchAll(ModeSpec spec) {
        long t0 = System.nanoTime();
        List<CompletableFuture<String>> calls = new ArrayList<>();
        List<AttachedWorker> asked = new ArrayList<>();
        for (AttachedWorker w : all()) {
            if (w.state() == WorkerState.UP) {
                asked.add(w);
                calls.add(w.send(new Control(controls.incrementAndGet(), spec.toMap()))
                        .thenApply(error -> error == null ? "ok:" + (System.nanoTime() - t0) / 1_000_000 : error));
            }
        }
        List<Long> acks = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        long deadline = t0 + SWITCH_TIMEOUT.toNanos();
        for (int i = 0; i < calls.size(); i++) {
            AttachedWorker w = asked.get(i);
            String r;
            try {
                r = calls.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                r = w.name() + " did not answer the switch within " + SWITCH_TIMEOUT.toSeconds() + " s";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                r = w.name() + ": the switch was interrupted";
            } catch (java.util.concurrent.ExecutionException e) {
                r = w.name() + ": " + e.getCause();
            }
            if (r.startsWith("ok:")) {
                acks.add(Long.parseLong(r.substring(3)));
            } else {
                refusals.add(r.startsWith(w.id() + " ") ? r : w.name() + " refused: " + r);
            }
        }
        return new ModeSwitcher.Result(acks, refusals);
    }

    /** Marks lost every worker silent for longer than {@link #LOST_AFTER}; run every 250 ms. */
    synchronized void sweep() {
        Instant now = clock.instant();
        for (AttachedWorker w : all()) {
            Duration silent = w.silentFor(now);
            if (w.state() == WorkerState.UP && silent.compareTo(LOST_AFTER) > 0) {
                w.state(WorkerState.LOST);
                w.giveUpCalls(w.name() + " was lost before it answered (no report for " + seconds(silent) + ")");
                listener.changed(
                        w,
                        EventType.DETACHED,
                        w.name() + " (pid " + w.pid() + ") lost: no report for " + seconds(silent) + " (lost after "
                                + LOST_AFTER.toSeconds() + " s); its rows still count, and it comes back if it"
                                + " reports again",
                        silent);
            }
        }
    }

    private void sweepSafely() {
        try {
            sweep();
        } catch (RuntimeException e) {
            // A background task never dies silently: the next sweep tries again.
            System.err.println("lab attach - the lost-worker sweep failed: " + e);
        }
    }

    /** The address a worker elsewhere is most likely to reach this machine at: its first non-loopback IPv4. */
    public static String likelyAddress() {
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback() || nic.isVirtual()) {
                    continue;
                }
                for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
        } catch (SocketException e) {
            // no interfaces to ask: loopback below
        }
        return "127.0.0.1";
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            if (!path.equals("/attach") && !path.equals("/events")) {
                send(
                        ex,
                        404,
                        error("no such endpoint: " + ex.getRequestMethod() + " " + path
                                + " (endpoints: POST /attach, POST /events)"));
                return;
            }
            if (!ex.getRequestMethod().equals("POST")) {
                send(ex, 405, error(ex.getRequestMethod() + " is not allowed on " + path + " (POST only)"));
                return;
            }
            if (!authorized(ex)) {
                return;
            }
            int limit = path.equals("/attach") ? MAX_ATTACH_BODY : MAX_EVENTS_BODY;
            InputStream in = ex.getRequestBody();
            byte[] body = in.readNBytes(limit + 1);
            if (body.length > limit) {
                in.transferTo(OutputStream.nullOutputStream()); // read it all: else the sender sees a reset, no 413
                send(ex, 413, error("body: more than " + limit + " bytes", "body"));
                return;
            }
            try {
                if (path.equals("/attach")) {
                    attach(ex, AttachRequest.parse(body));
                } else {
                    report(ex, Report.parse(body));
                }
            } catch (BadFieldException e) {
                send(ex, 400, error(e.getMessage(), e.field()));
            }
        } catch (RuntimeException e) {
            // A defect, not the worker's fault: said, and the worker tries again.
            send(ex, 500, error("the launcher failed on this request: " + e));
        }
    }

    private void attach(HttpExchange ex, AttachRequest r) throws IOException {
        if (localId.test(r.worker())) {
            // 403, not 409: the lab's own worker keeps its id, so trying again can never succeed.
            send(
                    ex,
                    403,
                    error(
                            r.worker() + " is one of the launcher's own workers: start this one with another --id",
                            "worker"));
            return;
        }
        Instant now = clock.instant();
        AttachedWorker before;
        AttachedWorker w = new AttachedWorker(r.worker(), r.pid(), r.host(), now);
        synchronized (workers) {
            before = workers.get(r.worker());
            if (before != null && before.state() == WorkerState.UP && before.pid() != r.pid()) {
                send(
                        ex,
                        409,
                        error(
                                before.name() + " (pid " + before.pid() + ") is attached and reporting (last "
                                        + seconds(before.silentFor(now)) + " ago): give this one another --id",
                                "worker"));
                return;
            }
            workers.put(r.worker(), w);
        }
        if (before != null) {
            before.giveUpCalls(before.name() + " attached again (pid " + r.pid() + ") before it answered");
        }
        // No offset yet: one way, the request's clock says nothing of the delay; the worker's reports will.
        String from = ex.getRemoteAddress().getAddress().getHostAddress();
        listener.changed(
                w,
                EventType.ATTACHED,
                w.name() + " (pid " + w.pid() + ") attached from " + from
                        + (before == null ? "" : ", in place of pid " + before.pid() + " (" + before.state() + ")"),
                Duration.ZERO);
        send(ex, 200, grant.apply(r.worker()).toJson());
    }

    private void report(HttpExchange ex, Report r) throws IOException {
        AttachedWorker w;
        synchronized (workers) {
            w = workers.get(r.worker());
        }
        if (w == null || w.pid() != r.pid() || w.state() == WorkerState.EXITED) {
            send(
                    ex,
                    409,
                    error(
                            r.worker() + " (pid " + r.pid() + ") is not attached to this launcher: POST /attach first",
                            "worker"));
            return;
        }
        List<Event> parsed = new ArrayList<>();
        for (int i = 0; i < r.lines().size(); i++) {
            String field = "lines[" + i + "]";
            Event e;
            try {
                e = Event.parse(r.lines().get(i));
            } catch (IllegalArgumentException bad) {
                send(ex, 400, error(field + ": " + bad.getMessage(), field));
                return;
            }
            if (!e.worker().equals(w.id()) || e.pid() != w.pid()) {
                send(
                        ex,
                        400,
                        error(
                                field + ": expected an event of " + w.id() + " (pid " + w.pid() + "), got one of "
                                        + e.worker() + " (pid " + e.pid() + ")",
                                field));
                return;
            }
            if (e.type().launcher()) {
                send(
                        ex,
                        400,
                        error(
                                field + ": expected a worker's event, got '"
                                        + e.type().wireName() + "', the launcher's",
                                field));
                return;
            }
            parsed.add(e);
        }
        Instant now = clock.instant();
        Duration silent;
        // Under the sweep's lock: a sweep between reading "lost" and hearing it would mark lost a worker that reports.
        synchronized (this) {
            silent = w.silentFor(now);
            boolean wasLost = w.state() == WorkerState.LOST;
            w.heard(now, r.offsetMillis() == null ? null : new ClockOffset(r.offsetMillis(), r.errorMillis()));
            if (wasLost && !r.leaving()) {
                w.state(WorkerState.UP);
                // A switch may have happened while it was silent: it takes the mode in force now.
                ModeSpec spec = specNow.get();
                if (spec != null) {
                    w.send(new Control(0, spec.toMap()));
                }
                listener.changed(
                        w,
                        EventType.ATTACHED,
                        w.name() + " (pid " + w.pid() + ") reports again after " + seconds(silent) + " silent",
                        silent);
            }
        }
        for (Event e : parsed) {
            if (e.type() == EventType.READY && e.port() != null) {
                w.port(e.port());
            }
            events.accept(e);
        }
        for (ControlAck a : r.acks()) {
            w.answered(a.id(), a.error());
        }
        List<Control> pending = w.takePending();
        if (r.leaving()) {
            w.state(WorkerState.EXITED);
            w.giveUpCalls(w.name() + " left before it answered");
            listener.changed(w, EventType.DETACHED, w.name() + " (pid " + w.pid() + ") left: it was stopped", silent);
        }
        send(ex, 200, new ReportReply(now, r.leaving() ? List.of() : pending).toJson());
    }

    /** Where a worker that comes back after a loss learns the mode in force. */
    public void modeInForce(Supplier<ModeSpec> spec) {
        specNow = spec;
    }

    private boolean authorized(HttpExchange ex) throws IOException {
        // As RFC 6750 asks of a 401; a client without it (the JDK's HttpURLConnection) drops the body's reason.
        ex.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"scheduler-lock-lab\"");
        java.util.Optional<String> refusal =
                token.refusal(ex.getRequestHeaders().getFirst("Authorization"));
        if (refusal.isPresent()) {
            send(ex, 401, error(refusal.get()));
            return false;
        }
        return true;
    }

    private static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    private static String error(String message) {
        return json(Map.of("error", message));
    }

    private static String error(String message, String field) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", message);
        m.put("field", field);
        return json(m);
    }

    private static String json(Map<String, Object> m) {
        try {
            return JSON.std.asString(m);
        } catch (IOException e) {
            return "{\"error\":\"cannot write the answer\"}";
        }
    }

    private static void send(HttpExchange ex, int status, String json) throws IOException {
        byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        if (server != null) {
            server.stop(0);
        }
        if (handlers != null) {
            handlers.shutdownNow();
        }
    }
}
