package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.jr.ob.JSON;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import lab.protocol.Event;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerConfig;
import lab.servers.TestServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A real worker JVM's HTTP control plane: every bad call is a clear 4xx JSON answer, and the mode stays. */
class WorkerHttpTest {
    private static final String TOKEN = "session-token-for-this-test";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<Event> EVENTS = new CopyOnWriteArrayList<>();
    private static WorkerProcess worker;
    private static int port;

    @BeforeAll
    static void startWorker() throws Exception {
        // The store is never reached here: the period is long and the calls come first.
        WorkerConfig config = new WorkerConfig(
                "w9",
                TOKEN,
                "jdbc:h2:mem:unused",
                Duration.ofMinutes(10),
                lab.protocol.Trigger.CRON,
                lab.protocol.Knobs.JITTER.defaultValue(),
                "tick",
                TestServers.redis().url(),
                null,
                ModeSpec.defaults(Mode.NAIVE),
                "host1",
                null);
        worker = new WorkerProcess(config, EVENTS::add);
        worker.start(List.of());
        port = worker.awaitHealthy(HTTP, Duration.ofSeconds(60));
    }

    @AfterAll
    static void stopWorker() throws InterruptedException {
        worker.requestStop();
        worker.awaitStop(Duration.ofSeconds(5));
    }

    private static HttpResponse<String> put(String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mode"))
                .PUT(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, Object> json(HttpResponse<String> r) throws Exception {
        assertThat(r.headers().firstValue("Content-Type")).contains("application/json");
        return JSON.std.mapFrom(r.body());
    }

    private static String currentMode() throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/status"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return (String) json(r).get("mode");
    }

    @Test
    void a_switch_without_the_token_or_with_a_wrong_one_is_401_and_changes_nothing() throws Exception {
        HttpResponse<String> none = put(null, "{\"mode\":\"redis\"}");
        HttpResponse<String> wrong = put("guess", "{\"mode\":\"redis\"}");

        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(json(none).get("error")).asString().contains("missing session token");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(json(wrong).get("error")).isEqualTo("wrong session token");
        assertThat(currentMode()).isEqualTo("naive");
    }

    @Test
    void an_unknown_mode_or_knob_or_a_bad_value_is_400_naming_the_field() throws Exception {
        HttpResponse<String> mode = put(TOKEN, "{\"mode\":\"chaos\"}");
        HttpResponse<String> knob = put(TOKEN, "{\"mode\":\"redis\",\"colour\":\"red\"}");
        HttpResponse<String> ttl = put(TOKEN, "{\"mode\":\"redis\",\"lock-ttl\":\"soon\"}");
        HttpResponse<String> body = put(TOKEN, "not json");

        assertThat(mode.statusCode()).isEqualTo(400);
        assertThat(json(mode)).containsEntry("field", "mode");
        assertThat(json(mode).get("error")).asString().contains("'chaos' is not a mode");
        assertThat(knob.statusCode()).isEqualTo(400);
        assertThat(json(knob)).containsEntry("field", "colour");
        assertThat(ttl.statusCode()).isEqualTo(400);
        assertThat(json(ttl)).containsEntry("field", "lock-ttl");
        assertThat(body.statusCode()).isEqualTo(400);
        assertThat(json(body).get("error")).asString().startsWith("body: expected a JSON object");
        assertThat(currentMode()).isEqualTo("naive");
    }

    @Test
    void an_unknown_endpoint_is_404_and_a_wrong_method_405_both_in_json() throws Exception {
        HttpResponse<String> missing = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/admin"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> method = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mode"))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(json(missing).get("error")).asString().contains("GET /admin");
        assertThat(method.statusCode()).isEqualTo(405);
        assertThat(json(method)).containsKey("error");
    }

    @Test
    void a_good_switch_is_acknowledged_once_the_new_guard_is_connected_and_says_so_in_a_mode_event() throws Exception {
        HttpResponse<String> ok = put(TOKEN, "{\"mode\":\"redis\",\"lock-ttl\":\"5s\"}");
        try {
            assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
            assertThat(currentMode()).isEqualTo("redis");
            // The worker wrote its mode event before it answered, but this JVM reads the worker's stdout on its own
            // thread: the line may still be on its way when the answer is in. Wait for it; it must come.
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(EVENTS)
                    .anySatisfy(e ->
                            assertThat(e.detail()).contains("now in mode redis").contains("lock-ttl=5s")));
        } finally {
            assertThat(put(TOKEN, "{\"mode\":\"naive\"}").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void a_body_without_a_mode_is_400_naming_the_field_mode() throws Exception {
        HttpResponse<String> r = put(TOKEN, "{\"lock-ttl\":\"2s\"}");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(json(r)).containsEntry("field", "mode");
        assertThat(currentMode()).isEqualTo("naive");
    }

    @Test
    void a_body_past_64_kib_is_413_naming_the_body_not_a_json_typo() throws Exception {
        HttpResponse<String> r = put(TOKEN, "{\"mode\":\"redis\",\"pad\":\"" + "x".repeat(70_000) + "\"}");

        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(json(r)).containsEntry("field", "body");
        assertThat(json(r).get("error")).asString().startsWith("body: more than 65536 bytes");
        assertThat(currentMode()).isEqualTo("naive");
    }

    @Test
    void a_deeply_nested_body_is_400_not_a_500() throws Exception {
        HttpResponse<String> r = put(TOKEN, "{\"mode\":" + "[".repeat(20_000) + "]".repeat(20_000) + "}");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(json(r).get("error")).asString().startsWith("body: expected a JSON object");
        assertThat(currentMode()).isEqualTo("naive");
    }
}
