package lab.fleet;

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
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import lab.protocol.AttachGrant;
import lab.protocol.AttachRequest;
import lab.protocol.BadFieldException;
import lab.protocol.BearerToken;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerReport;

/**
 * Where workers started on their own ({@code ./run.sh worker}) attach to this launcher ({@code --attach PORT}):
 * {@code POST /attach} and {@code POST /events}, both with the session token, on every address (a worker elsewhere
 * must reach it). Their event lines join the forked workers' ones; control calls go back on the replies. A worker
 * silent for more than {@link #LOST_AFTER} is lost, as a dead forked worker is shown dead, and comes back if it
 * reports again. This class carries the calls over HTTP; what they do to the attached workers is {@link Attachments}'.
 *
 * <p>JDK's own HTTP server, not Undertow: Undertow is the worker's, and the launcher's rooms import no server
 * library (the architecture test says which room may import which library).
 */
public final class AttachServer implements AutoCloseable {
    /** Twelve heartbeats missed ({@code ReportLink} sends one every 250 ms): a worker that is gone, or cut off. */
    public static final Duration LOST_AFTER = Duration.ofSeconds(3);

    static final int MAX_ATTACH_BODY = 64 * 1024;
    static final int MAX_EVENTS_BODY = 4 * 1024 * 1024;

    /** Who hears that an attached worker came, came back, was lost or left: one line and its record's type. */
    public interface Listener {
        void changed(AttachedWorker worker, EventType type, String line, Duration silent);
    }

    private final BearerToken token;
    private final Attachments attached;
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
        this.token = new BearerToken(token);
        this.attached = new Attachments(grant, events, localId, clock);
    }

    public void onChange(Listener l) {
        attached.onChange(l);
    }

    /** Where a worker that comes back after a loss learns the mode in force. */
    public void modeInForce(Supplier<ModeSpec> spec) {
        attached.modeInForce(spec);
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
        return attached.all();
    }

    /**
     * The way a switch reaches each attached worker that is up, for {@link ModeSwitcher#fanOut}: on the reply to its
     * next report, answered in the report after.
     */
    public List<SwitchChannel> channels() {
        return attached.channels();
    }

    /** Marks lost every worker silent for longer than {@link #LOST_AFTER}; run every 250 ms. */
    void sweep() {
        attached.sweep();
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
                        HttpAnswer.error(
                                404,
                                "no such endpoint: " + ex.getRequestMethod() + " " + path
                                        + " (endpoints: POST /attach, POST /events)"));
                return;
            }
            if (!ex.getRequestMethod().equals("POST")) {
                send(ex, HttpAnswer.error(405, ex.getRequestMethod() + " is not allowed on " + path + " (POST only)"));
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
                send(ex, HttpAnswer.error(413, "body: more than " + limit + " bytes", "body"));
                return;
            }
            HttpAnswer answer;
            try {
                answer = path.equals("/attach")
                        ? attached.attach(
                                AttachRequest.parse(body),
                                ex.getRemoteAddress().getAddress().getHostAddress())
                        : attached.report(WorkerReport.parse(body));
            } catch (BadFieldException e) {
                answer = HttpAnswer.error(400, e.getMessage(), e.field());
            }
            send(ex, answer);
        } catch (RuntimeException e) {
            // A defect, not the worker's fault: said, and the worker tries again.
            send(ex, HttpAnswer.error(500, "the launcher failed on this request: " + e));
        }
    }

    private boolean authorized(HttpExchange ex) throws IOException {
        // As RFC 6750 asks of a 401; a client without it (the JDK's HttpURLConnection) drops the body's reason.
        ex.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"scheduler-lock-lab\"");
        Optional<String> refusal = token.refusal(ex.getRequestHeaders().getFirst("Authorization"));
        if (refusal.isPresent()) {
            send(ex, HttpAnswer.error(401, refusal.get()));
            return false;
        }
        return true;
    }

    private static void send(HttpExchange ex, HttpAnswer answer) throws IOException {
        byte[] bytes = (answer.json() + "\n").getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(answer.status(), bytes.length);
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
