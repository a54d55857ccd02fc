package lab.worker;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.jr.ob.JSON;
import io.undertow.Handlers;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import io.undertow.server.RoutingHandler;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import lab.protocol.BearerToken;

/**
 * The worker's embedded HTTP server, as a uvicorn worker has one: {@code GET /healthz}, {@code GET /status},
 * and control calls that need the session token. Every answer, errors included, is a JSON object.
 */
final class HttpApi {
    /** The largest body a control call may have: a switch is a few dozen bytes. */
    static final long MAX_BODY = 64L * 1024;
    /** How much of a too-large body is read (and dropped) so that its sender still gets the 413. */
    static final long DRAINED_AT_MOST = 1024L * 1024;

    /**
     * Bodies are read with a nesting limit far below what the worker's small thread stacks (-Xss256k) can descend:
     * jackson's own limit (1000 levels) comes after the stack has overflowed, which answered a deep {@code [[[...]]]}
     * with a 500. A switch is one flat object.
     */
    private static final JSON BODIES = JSON.std.with(JsonFactory.builder()
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(16).build())
            .build());

    private final String worker;
    private final long pid;
    private final BearerToken token;
    private final TickRunner runner;
    private final SwitchHandler switches;
    private Undertow server;
    private int port;

    HttpApi(String worker, long pid, String token, TickRunner runner) {
        this.worker = worker;
        this.pid = pid;
        this.token = new BearerToken(token);
        this.runner = runner;
        this.switches = new SwitchHandler(worker, runner);
    }

    /** What {@code PUT /mode} does with its body: a worker started on its own does the same with its controls. */
    SwitchHandler switches() {
        return switches;
    }

    /**
     * Binds {@code address} (127.0.0.1, or the worker's own address inside its host's network namespace, where the
     * launcher reaches it over the link) on a port the system picks, and returns it.
     */
    int start(String address) {
        return start(address, 0);
    }

    /** Binds {@code address} on {@code port} (0: the system picks), and returns the port. */
    int start(String address, int port) {
        RoutingHandler routes = Handlers.routing()
                .get("/healthz", ex -> send(ex, 200, Map.of("status", "ok", "worker", worker)))
                .get("/status", ex -> send(ex, 200, status()))
                .put("/mode", blocking(this::putMode))
                .setFallbackHandler(ex -> send(
                        ex,
                        404,
                        error("no such endpoint: " + ex.getRequestMethod() + " " + ex.getRequestPath()
                                + " (endpoints: GET /healthz, GET /status, PUT /mode)")))
                .setInvalidMethodHandler(ex ->
                        send(ex, 405, error(ex.getRequestMethod() + " is not allowed on " + ex.getRequestPath())));
        // A worker is one small process among many: one I/O thread and two workers are plenty for control calls.
        server = Undertow.builder()
                .addHttpListener(port, address)
                .setIoThreads(1)
                .setWorkerThreads(2)
                .setBufferSize(4096)
                // Past this the connection is cut: a body this large is not a client that wants an answer.
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, DRAINED_AT_MOST)
                .setHandler(routes)
                .build();
        server.start();
        this.port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
        return this.port;
    }

    void stop() {
        if (server != null) {
            server.stop();
        }
    }

    private void putMode(HttpServerExchange ex) throws IOException {
        if (!authorized(ex)) {
            return;
        }
        Map<String, Object> body;
        try {
            InputStream in = ex.getInputStream();
            byte[] raw = in.readNBytes((int) MAX_BODY + 1);
            if (raw.length > MAX_BODY) {
                // Read the rest before answering: a server that answers and closes while the client still sends
                // resets the connection, and the client sees no answer at all instead of the 413.
                in.transferTo(OutputStream.nullOutputStream());
                throw new RequestTooBigException();
            }
            body = BODIES.mapFrom(raw);
        } catch (RequestTooBigException e) {
            // Said for what it is: a switch is a few dozen bytes, and "not a JSON object" would send one looking
            // for a typo in a body that was only too long.
            send(
                    ex,
                    413,
                    error(
                            "body: more than " + MAX_BODY + " bytes (expected a JSON object such as"
                                    + " {\"mode\":\"redis\"}, a few dozen bytes)",
                            "body"));
            return;
        } catch (IOException | RuntimeException e) {
            send(ex, 400, error("body: expected a JSON object such as {\"mode\":\"redis\",\"lock-ttl\":\"2s\"}"));
            return;
        }
        SwitchHandler.Answer answer = switches.apply(body);
        if (answer instanceof SwitchHandler.Answer.Switched done) {
            send(ex, 200, Map.of("worker", worker, "spec", done.spec().toMap()));
        } else if (answer instanceof SwitchHandler.Answer.BadField bad) {
            send(ex, 400, error(bad.problem().getMessage(), bad.problem().field()));
        } else {
            send(ex, 503, error(answer.error()));
        }
    }

    private boolean authorized(HttpServerExchange ex) {
        Optional<String> refusal = token.refusal(ex.getRequestHeaders().getFirst(Headers.AUTHORIZATION));
        if (refusal.isPresent()) {
            send(ex, 401, error(refusal.get()));
            return false;
        }
        return true;
    }

    private Map<String, Object> status() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("worker", worker);
        m.put("pid", pid);
        m.put("port", port);
        m.putAll(runner.status());
        return m;
    }

    private static Map<String, Object> error(String message) {
        return Map.of("error", message);
    }

    private static Map<String, Object> error(String message, String field) {
        return Map.of("error", message, "field", field);
    }

    private static void send(HttpServerExchange ex, int status, Map<String, Object> body) {
        String json;
        try {
            json = JSON.std.asString(body);
        } catch (IOException e) {
            status = StatusCodes.INTERNAL_SERVER_ERROR;
            json = "{\"error\":\"cannot write the answer\"}";
        }
        ex.setStatusCode(status);
        ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        ex.getResponseSender().send(json + "\n");
    }

    /** Runs a handler that reads the body or waits on a guard off the I/O thread. */
    private static HttpHandler blocking(BlockingHandler handler) {
        return new HttpHandler() {
            @Override
            public void handleRequest(HttpServerExchange ex) throws Exception {
                if (ex.isInIoThread()) {
                    ex.dispatch(this);
                    return;
                }
                ex.startBlocking();
                handler.handle(ex);
            }
        };
    }

    @FunctionalInterface
    private interface BlockingHandler {
        void handle(HttpServerExchange ex) throws IOException;
    }
}
