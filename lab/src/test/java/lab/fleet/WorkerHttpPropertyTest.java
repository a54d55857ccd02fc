package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import lab.property.Junk;
import lab.property.Property;
import lab.protocol.BadFieldException;
import lab.protocol.Event;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerConfig;
import lab.servers.TestServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random bad calls on a real worker JVM's control plane — a wrong or missing token, a method or a path it does
 * not serve, a body that is not a switch (junk, wrong types, unknown knobs, bad values, too big) — each answered
 * by the 4xx the call deserves, in JSON, naming the field where one is wrong; never a 5xx, never a hang; and the
 * worker's mode as it was. Every call is wrong on purpose: a good switch would change what the next try starts
 * from.
 */
class WorkerHttpPropertyTest {
    private static final String TOKEN = "session-token-for-this-property";
    /** What the worker accepts as a body (its MAX_ENTITY_SIZE). */
    private static final int MAX_BODY = 64 * 1024;

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static WorkerProcess worker;
    private static int port;
    private static Map<String, Object> before;

    @BeforeAll
    static void startWorker() throws Exception {
        // The store is never reached: the period is long and the calls come first.
        WorkerConfig config = new WorkerConfig(
                "w8",
                TOKEN,
                "jdbc:h2:mem:unused",
                Duration.ofMinutes(10),
                lab.protocol.Trigger.CRON,
                Knobs.JITTER.defaultValue(),
                "tick",
                TestServers.redis().url(),
                null,
                ModeSpec.defaults(Mode.NAIVE),
                "host1",
                null);
        worker = new WorkerProcess(config, (Event e) -> {});
        worker.start(List.of());
        port = worker.awaitHealthy(HTTP, Duration.ofSeconds(60));
        before = mode();
    }

    @AfterAll
    static void stopWorker() throws InterruptedException {
        worker.requestStop();
        worker.awaitStop(Duration.ofSeconds(5));
    }

    /** One call, the status it deserves, and the field its answer must name (null: none). */
    record Call(String method, String path, String auth, String contentType, String body, int status, String field) {
        @Override
        public String toString() {
            String shown = body == null
                    ? ""
                    : body.length() > 300 ? body.substring(0, 300) + "… (" + body.length() + " chars)" : body;
            return method + " " + path + " auth=" + auth + " content-type=" + contentType + " body=" + shown
                    + " → expect " + status + (field == null ? "" : " naming " + field);
        }
    }

    @Test
    void a_bad_call_gets_its_4xx_in_json_naming_the_field_and_the_mode_stays() {
        Property.of("a bad control call", WorkerHttpPropertyTest::call)
                .tries(400)
                .within(Duration.ofSeconds(15))
                .check(c -> {
                    HttpResponse<String> r = send(c);

                    Refusals.assertRefused(r, c.status(), c.field());
                    assertThat(mode())
                            .as("the worker's mode and knobs after the call")
                            .isEqualTo(before);
                });
    }

    private static HttpResponse<String> send(Call c) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + c.path()))
                .timeout(Duration.ofSeconds(10))
                .method(
                        c.method(),
                        c.body() == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(c.body()));
        if (c.auth() != null) {
            b.header("Authorization", c.auth());
        }
        if (c.contentType() != null) {
            b.header("Content-Type", c.contentType());
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mode() throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/status"))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        Map<String, Object> status = JSON.std.mapFrom(r.body());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", status.get("mode"));
        m.put("spec", status.get("spec"));
        return m;
    }

    static Call call(RandomGenerator r) {
        String contentType = Junk.pick(
                r,
                Arrays.asList(
                        null,
                        "application/json",
                        "application/json; charset=utf-8",
                        "text/plain",
                        "application/x-www-form-urlencoded",
                        "multipart/form-data; boundary=x",
                        "x/junk;;=" + Junk.ascii(Junk.printable(r, 10))));
        String bearer = "Bearer " + TOKEN;
        return switch (r.nextInt(4)) {
            case 0 -> new Call("PUT", "/mode", Junk.badBearer(r, TOKEN), contentType, goodSwitch(r), 401, null);
            case 1 -> new Call(
                    Junk.pick(r, List.of("GET", "POST", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW", "MODE")),
                    "/mode",
                    r.nextBoolean() ? bearer : null,
                    contentType,
                    Junk.pick(r, Arrays.asList(null, goodSwitch(r), Junk.text(r, 40))),
                    405,
                    null);
            case 2 -> new Call(
                    Junk.pick(r, List.of("GET", "PUT", "POST", "DELETE")),
                    badPath(r),
                    r.nextBoolean() ? bearer : null,
                    contentType,
                    r.nextBoolean() ? null : goodSwitch(r),
                    404,
                    null);
            default -> badBody(r, bearer, contentType);
        };
    }

    /** A switch the worker would make: sent with something else wrong, it must not be made. */
    private static String goodSwitch(RandomGenerator r) {
        return Junk.pick(r, List.of("{\"mode\":\"redis\"}", "{\"mode\":\"local-mutex\"}", "{\"mode\":\"idempotent\"}"));
    }

    /** A path that names no endpoint: junk segments, percent-encoded so that the request can be sent at all. */
    private static String badPath(RandomGenerator r) {
        String junk =
                URLEncoder.encode(Junk.text(r, 20), StandardCharsets.UTF_8).replace("+", "%20");
        return Junk.pick(
                r,
                List.of(
                        "/" + junk,
                        "/mode/" + junk,
                        "/modes",
                        "/mode/x",
                        "/MODE",
                        "/status/" + junk,
                        "/healthz/x",
                        "/admin",
                        "/" + "a".repeat(2_000),
                        "/%2e%2e/%2e%2e/etc/passwd",
                        "/mode%00"));
    }

    /** PUT /mode with the token and a body that is no switch; the status and the field its answer must name. */
    private static Call badBody(RandomGenerator r, String bearer, String contentType) {
        String body;
        int status = 400;
        String field = null;
        switch (r.nextInt(9)) {
            case 0 -> body = Junk.text(r, 60); // not JSON (or JSON that is no object)
            case 1 -> body = Junk.pick(
                    r, List.of("", "null", "[]", "[{\"mode\":\"redis\"}]", "\"redis\"", "42", "true", "{", "{}}"));
            case 2 -> {
                body = "{}";
                field = "mode";
            }
            case 3 -> {
                body = "{\"mode\":" + badJsonValue(r, Knobs.MODE) + "}";
                field = "mode";
            }
            case 4 -> {
                String name = "x" + Junk.printable(r, 10).replace("\"", "").replace("\\", "");
                body = "{\"mode\":\"redis\"," + json(name) + ":\"1\"}";
                field = name;
            }
            case 5 -> {
                List<Knob<?>> live = new ArrayList<>(Knobs.live());
                live.remove(Knobs.MODE);
                Knob<?> k = Junk.pick(r, live);
                body = "{\"mode\":\"redis\"," + json(k.name()) + ":" + badJsonValue(r, k) + "}";
                field = k.name();
            }
            case 6 -> {
                Knob<?> k = Junk.pick(
                        r, Knobs.ALL.stream().filter(x -> !x.scope().live()).toList());
                body = "{\"mode\":\"redis\"," + json(k.name()) + ":" + json(defaultText(k)) + "}";
                field = k.name(); // a set-up knob cannot be switched live
            }
            case 7 -> {
                int depth = Junk.pick(r, List.of(100, 1_000, 2_000, 20_000));
                body = "{\"mode\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
            }
            default -> {
                // Past the limit, in a valid switch: refused for its size alone.
                int size = MAX_BODY + 1 + r.nextInt(3 * MAX_BODY);
                String pad = "{\"mode\":\"redis\",\"pad\":\"";
                body = pad + "x".repeat(size - pad.length() - 2) + "\"}";
                status = 413;
            }
        }
        return new Call("PUT", "/mode", bearer, contentType, body, status, field);
    }

    /** A JSON value that {@code k} refuses, as the worker reads it (text, or a number, a list, an object, null). */
    private static String badJsonValue(RandomGenerator r, Knob<?> k) {
        for (int i = 0; i < 100; i++) {
            String v =
                    switch (r.nextInt(7)) {
                        case 0 -> json(Junk.text(r, 20));
                        case 1 -> Junk.pick(r, List.of("null", "[]", "[\"redis\"]", "{}", "{\"a\":1}"));
                        case 2 -> Junk.pick(r, List.of("-1", "0.5", "1e308", "-0", "12345678901234567890123"));
                        case 3 -> json(Junk.hugeNumber(r));
                        case 4 -> "true";
                        case 5 -> json("");
                        default -> json(Junk.text(r, 3) + "ms");
                    };
            try {
                // What the worker does with a value: its text (a boolean as on/off), parsed by the knob.
                Object parsed = JSON.std.anyFrom(v);
                k.parse(parsed instanceof Boolean b ? (b ? "on" : "off") : String.valueOf(parsed));
            } catch (BadFieldException refused) {
                return v;
            } catch (java.io.IOException e) {
                throw new IllegalStateException("the generator wrote no JSON: " + v, e);
            }
        }
        return "\"¿\"";
    }

    private static <T> String defaultText(Knob<T> k) {
        return k.format(k.defaultValue());
    }

    /** {@code text} as a JSON string. */
    private static String json(String text) {
        try {
            return JSON.std.asString(text);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
