package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.random.RandomGenerator;
import lab.property.Junk;
import lab.property.Property;
import lab.protocol.AttachGrant;
import lab.protocol.Event;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random bad calls on the launcher's attach server, as the worker control plane gets them (WorkerHttpPropertyTest): a
 * wrong or missing token, a path or a method it does not serve, a body that is no attach request or no report (junk,
 * JSON that is no object, one field wrong in an otherwise good body, nesting deeper than a report has, too big). Each
 * is answered by the 4xx it deserves, in JSON, naming the field where one is wrong; never a 5xx, never a hang; and no
 * worker is attached and no event taken by any of them. Every call is wrong on purpose: a good attach would change
 * what the next try meets.
 */
class AttachServerPropertyTest {
    private static final String TOKEN = "attach-token-for-this-property";
    private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final List<Event> EVENTS = new CopyOnWriteArrayList<>();
    private static AttachServer server;
    private static int port;

    @BeforeAll
    static void startServer() throws Exception {
        server = new AttachServer(
                TOKEN,
                id -> new AttachGrant(
                        id,
                        ModeSpec.defaults(Mode.NAIVE),
                        Duration.ofSeconds(1),
                        Knobs.TRIGGER.defaultValue(),
                        Duration.ZERO,
                        "tick",
                        NOW),
                EVENTS::add,
                id -> id.equals("w1"),
                Clock.systemUTC());
        port = server.start(0);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    /** One call, the status it deserves, and the field its answer must name (null: none). */
    record Call(String method, String path, String auth, String body, int status, String field) {
        @Override
        public String toString() {
            String shown = body == null
                    ? ""
                    : body.length() > 300 ? body.substring(0, 300) + "… (" + body.length() + " chars)" : body;
            return method + " " + path + " auth=" + auth + " body=" + shown + " → expect " + status
                    + (field == null ? "" : " naming " + field);
        }
    }

    @Test
    void a_bad_call_gets_its_4xx_in_json_naming_the_field_and_nothing_is_attached_or_taken() {
        Property.of("a bad attach-server call", AttachServerPropertyTest::call)
                .tries(400)
                .within(Duration.ofSeconds(15))
                .check(c -> {
                    HttpResponse<String> r = send(c);

                    Refusals.assertRefused(r, c.status(), c.field());
                    assertThat(server.all())
                            .as("workers attached by a bad call")
                            .isEmpty();
                    assertThat(EVENTS).as("events taken from a bad call").isEmpty();
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
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static Call call(RandomGenerator r) {
        String bearer = "Bearer " + TOKEN;
        String path = r.nextBoolean() ? "/attach" : "/events";
        return switch (r.nextInt(5)) {
            case 0 -> new Call("POST", path, Junk.badBearer(r, TOKEN), goodBody(path), 401, null);
            case 1 -> new Call(
                    Junk.pick(r, List.of("GET", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW", "ATTACH")),
                    path,
                    r.nextBoolean() ? bearer : null,
                    Junk.pick(r, Arrays.asList(null, goodBody(path), Junk.text(r, 40))),
                    405,
                    null);
            case 2 -> new Call(
                    Junk.pick(r, List.of("GET", "POST", "PUT", "DELETE")),
                    badPath(r),
                    r.nextBoolean() ? bearer : null,
                    r.nextBoolean() ? null : goodBody(path),
                    404,
                    null);
            case 3 -> badAttach(r, bearer);
            default -> badReport(r, bearer);
        };
    }

    /** A body the server would take, sent with something else wrong. */
    private static String goodBody(String path) {
        return path.equals("/attach") ? json(attachFields()) : json(reportFields());
    }

    private static Map<String, Object> attachFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("worker", "w9");
        m.put("pid", 4242);
        m.put("host", "box-a");
        m.put("clock", NOW.toString());
        return m;
    }

    private static Map<String, Object> reportFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("worker", "w9");
        m.put("pid", 4242);
        m.put("sent_at", NOW.toString());
        m.put("offset_ms", 3);
        m.put("offset_error_ms", 1);
        m.put("leaving", false);
        m.put("lines", List.of());
        m.put("acks", List.of());
        return m;
    }

    /** A path that names no endpoint: junk segments, percent-encoded so that the request can be sent at all. */
    private static String badPath(RandomGenerator r) {
        String junk =
                URLEncoder.encode(Junk.text(r, 20), StandardCharsets.UTF_8).replace("+", "%20");
        return Junk.pick(
                r,
                List.of(
                        "/" + junk,
                        "/attach/" + junk,
                        "/events/" + junk,
                        "/attach/x",
                        "/ATTACH",
                        "/event",
                        "/mode",
                        "/",
                        "/" + "a".repeat(2_000),
                        "/%2e%2e/%2e%2e/etc/passwd",
                        "/events%00"));
    }

    /** POST /attach with the token and a body that is no attach request; the field its answer must name. */
    private static Call badAttach(RandomGenerator r, String bearer) {
        Map<String, Object> m = attachFields();
        String field = Junk.pick(r, List.of("worker", "pid", "host", "clock"));
        return switch (r.nextInt(5)) {
            case 0 -> whole(r, "/attach", bearer, m);
            case 1 -> {
                m.remove(field);
                yield new Call("POST", "/attach", bearer, json(m), 400, field);
            }
            case 2 -> {
                m.put(field, badValue(r, field));
                yield new Call("POST", "/attach", bearer, json(m), 400, field);
            }
            default -> nested(r, "/attach", bearer, m, field);
        };
    }

    /** POST /events with the token and a body that is no report (checked before whose it is); its field. */
    private static Call badReport(RandomGenerator r, String bearer) {
        Map<String, Object> m = reportFields();
        String field =
                Junk.pick(r, List.of("worker", "pid", "sent_at", "offset_ms", "offset_error_ms", "lines", "acks"));
        return switch (r.nextInt(6)) {
            case 0 -> whole(r, "/events", bearer, m);
            case 1 -> {
                // An optional figure may be left out; a required one may not.
                boolean optional = field.startsWith("offset") || field.equals("lines") || field.equals("acks");
                String required = optional ? Junk.pick(r, List.of("worker", "pid", "sent_at")) : field;
                m.remove(required);
                yield new Call("POST", "/events", bearer, json(m), 400, required);
            }
            case 2 -> {
                // A report's pid is any whole number (the attach took its pid): 0 and -1 are no bad values here.
                Object bad = field.equals("pid")
                        ? Junk.pick(r, Arrays.asList(null, 1.5, "4242", "", true, List.of(1), 1e30))
                        : badValue(r, field);
                m.put(field, bad);
                yield new Call("POST", "/events", bearer, json(m), 400, field);
            }
            case 3 -> {
                // One bad item among good ones: named by its place.
                boolean lines = r.nextBoolean();
                int at = r.nextInt(4);
                List<Object> items = new java.util.ArrayList<>();
                for (int i = 0; i < at; i++) {
                    items.add(lines ? "{\"line\":" + i + "}" : Map.of("id", i, "error", "none"));
                }
                items.add(
                        lines
                                ? Junk.pick(r, Arrays.asList(null, 3, true, List.of("x"), Map.of("line", "x")))
                                : Junk.pick(
                                        r, Arrays.asList(null, 3, "ack", List.of(1), Map.of("id", "one"), Map.of())));
                m.put(lines ? "lines" : "acks", items);
                yield new Call("POST", "/events", bearer, json(m), 400, (lines ? "lines" : "acks") + "[" + at + "]");
            }
            default -> nested(r, "/events", bearer, m, field);
        };
    }

    /**
     * A body wrong as a whole: not JSON, JSON that is no object, or past the size limit (413, for its size alone,
     * though the body inside is good).
     */
    private static Call whole(RandomGenerator r, String path, String bearer, Map<String, Object> good) {
        switch (r.nextInt(3)) {
            case 0:
                // An object never closed: no junk after it can make it JSON.
                return new Call("POST", path, bearer, "{" + Junk.text(r, 60).replace("}", ""), 400, "body");
            case 1:
                return new Call(
                        "POST",
                        path,
                        bearer,
                        Junk.pick(r, List.of("", "null", "[]", "[" + json(good) + "]", "\"w9\"", "42", "true", "[{}")),
                        400,
                        "body");
            default:
                int limit = path.equals("/attach") ? AttachServer.MAX_ATTACH_BODY : AttachServer.MAX_EVENTS_BODY;
                Map<String, Object> padded = new LinkedHashMap<>(good);
                padded.put("pad", "x".repeat(limit + 1 + r.nextInt(limit / 4)));
                return new Call("POST", path, bearer, json(padded), 413, "body");
        }
    }

    /**
     * A field holding nested lists: two deep, it is a value of the wrong kind, named by its field; past the reader's
     * limit (a report is never deeper than a list of flat objects), the body is refused as a whole, never a stack
     * overflow.
     */
    private static Call nested(RandomGenerator r, String path, String bearer, Map<String, Object> m, String field) {
        int depth = Junk.pick(r, List.of(2, 100, 1_000, 20_000, 200_000));
        String marker = "\"" + field + "\":\"@\"";
        m.put(field, "@");
        String body = json(m).replace(marker, "\"" + field + "\":" + "[".repeat(depth) + "]".repeat(depth));
        boolean whole = depth > 2;
        String named = whole ? "body" : field.equals("lines") || field.equals("acks") ? field + "[0]" : field;
        int status = path.equals("/attach") && body.length() > AttachServer.MAX_ATTACH_BODY ? 413 : 400;
        return new Call("POST", path, bearer, body, status, status == 413 ? "body" : named);
    }

    /** A value {@code field} refuses. */
    private static Object badValue(RandomGenerator r, String field) {
        return switch (field) {
            case "worker", "host" -> Junk.pick(
                    r,
                    Arrays.asList(
                            null,
                            "",
                            " ",
                            "lab",
                            "a/b",
                            "two words",
                            "x".repeat(64),
                            "-w9",
                            "w9\n",
                            42,
                            true,
                            List.of("w9"),
                            Map.of("id", "w9"),
                            "x" + Junk.printable(r, 10).replaceAll("[A-Za-z0-9._-]", "") + "é"));
            case "pid" -> Junk.pick(r, Arrays.asList(null, 0, -1, 1.5, "4242", "", true, List.of(1), 1e30));
            case "clock", "sent_at" -> Junk.pick(
                    r,
                    Arrays.asList(
                            null,
                            "",
                            "noon",
                            "2026-13-01T12:00:00Z",
                            "2026-01-01 12:00:00",
                            1767268800000L,
                            true,
                            Junk.text(r, 20) + "x"));
            case "offset_ms", "offset_error_ms" -> Junk.pick(r, Arrays.asList(1.5, "3", "", true, List.of(3)));
            default -> Junk.pick(r, Arrays.asList("x", 3, true, Map.of("line", "x"))); // lines, acks: not a list
        };
    }

    /** {@code m} as JSON. */
    private static String json(Object m) {
        try {
            return JSON.std.asString(m);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
