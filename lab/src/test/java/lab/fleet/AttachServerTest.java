package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import lab.protocol.AttachGrant;
import lab.protocol.AttachRequest;
import lab.protocol.ControlAck;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.ReportReply;
import lab.protocol.TestEvents;
import lab.protocol.WorkerReport;
import lab.session.WorkerState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The attach protocol as a worker elsewhere meets it, over real HTTP: the token, bodies it refuses with the field
 * named, and a worker that falls silent shown lost, then back. Time is the test's: the lost bound is passed by
 * moving the launcher's clock, not by waiting.
 */
class AttachServerTest {
    private static final String TOKEN = "s3cret-token";

    private final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T12:00:00Z"));
    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final List<String> said = new CopyOnWriteArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private AttachServer server;
    private int port;

    @BeforeEach
    void start() throws Exception {
        server = new AttachServer(
                TOKEN,
                id -> new AttachGrant(
                        id,
                        ModeSpec.defaults(Mode.NAIVE),
                        Duration.ofSeconds(1),
                        Knobs.TRIGGER.defaultValue(),
                        Duration.ZERO,
                        "tick",
                        clock.instant()),
                events::add,
                id -> id.equals("w1"),
                clock);
        server.onChange((w, type, line, silent) -> said.add(type.wireName() + " " + line));
        server.modeInForce(() -> ModeSpec.defaults(Mode.REDIS));
        port = server.start(0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void a_call_without_the_token_or_with_a_wrong_one_is_refused_401_with_a_json_error() throws Exception {
        String body = new AttachRequest("w9", 42, "box-a", clock.instant()).toJson();

        HttpResponse<String> none = post("/attach", body, null);
        HttpResponse<String> wrong = post("/attach", body, "not-the-token");
        HttpResponse<String> events = post("/events", "{}", "not-the-token");

        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(json(none)).containsEntry("error", "missing session token: send 'Authorization: Bearer <token>'");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(json(wrong)).containsEntry("error", "wrong session token");
        assertThat(events.statusCode()).isEqualTo(401);
        assertThat(server.all()).isEmpty();
    }

    @Test
    void a_bad_attach_body_is_refused_400_naming_the_field() throws Exception {
        assertRefused("/attach", "not json", "body");
        assertRefused("/attach", "{\"pid\":42,\"host\":\"box\",\"clock\":\"2026-01-01T12:00:00Z\"}", "worker");
        assertRefused(
                "/attach",
                "{\"worker\":\"w9\",\"pid\":\"x\",\"host\":\"box\",\"clock\":\"2026-01-01T12:00:00Z\"}",
                "pid");
        assertRefused(
                "/attach",
                "{\"worker\":\"w9\",\"pid\":42,\"host\":\"a/b\",\"clock\":\"2026-01-01T12:00:00Z\"}",
                "host");
        assertRefused("/attach", "{\"worker\":\"w9\",\"pid\":42,\"host\":\"box\",\"clock\":\"noon\"}", "clock");
        assertRefused(
                "/attach",
                "{\"worker\":\"lab\",\"pid\":42,\"host\":\"box\",\"clock\":\"2026-01-01T12:00:00Z\"}",
                "worker");
        assertThat(server.all()).isEmpty();
    }

    @Test
    void a_bad_report_is_refused_400_naming_the_field_and_nothing_of_it_is_taken() throws Exception {
        attach("w9", 42);
        String good = event("w9", 42, EventType.FIRED);

        assertRefused("/events", report("w9", 42, List.of(good, "{not an event")), "lines[1]");
        assertRefused("/events", report("w9", 42, List.of(event("w2", 42, EventType.FIRED))), "lines[0]");
        assertRefused("/events", report("w9", 42, List.of(event("w9", 42, EventType.SWITCH))), "lines[0]");
        assertRefused(
                "/events",
                "{\"worker\":\"w9\",\"pid\":42,\"sent_at\":\"2026-01-01T12:00:00Z\",\"lines\":[3]}",
                "lines[0]");
        assertRefused("/events", "{\"worker\":\"w9\",\"pid\":42}", "sent_at");

        assertThat(events).isEmpty();
    }

    @Test
    void a_report_from_a_worker_that_did_not_attach_is_refused_409_so_that_it_attaches_again() throws Exception {
        HttpResponse<String> r = post("/events", report("w9", 42, List.of()), TOKEN);

        assertThat(r.statusCode()).isEqualTo(409);
        assertThat(json(r))
                .containsEntry("field", "worker")
                .containsEntry("error", "w9 (pid 42) is not attached to this launcher: POST /attach first");
    }

    @Test
    void an_id_of_the_labs_own_workers_is_refused_403_and_one_of_a_worker_still_reporting_409() throws Exception {
        HttpResponse<String> local =
                post("/attach", new AttachRequest("w1", 42, "box", clock.instant()).toJson(), TOKEN);
        attach("w9", 42);
        HttpResponse<String> twin =
                post("/attach", new AttachRequest("w9", 43, "box-b", clock.instant()).toJson(), TOKEN);

        assertThat(local.statusCode()).isEqualTo(403);
        assertThat(json(local).get("error")).asString().startsWith("w1 is one of the launcher's own workers");
        assertThat(twin.statusCode()).isEqualTo(409);
        assertThat(json(twin).get("error")).asString().startsWith("w9@box-a (pid 42) is attached and reporting");
    }

    @Test
    void an_attached_workers_events_join_the_labs_and_the_reply_carries_the_launchers_clock() throws Exception {
        AttachGrant grant = attach("w9", 42);
        clock.move(Duration.ofMillis(120));

        HttpResponse<String> r = post("/events", report("w9", 42, List.of(event("w9", 42, EventType.FIRED))), TOKEN);

        assertThat(grant.worker()).isEqualTo("w9");
        assertThat(grant.spec().mode()).isEqualTo(Mode.NAIVE);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(ReportReply.parse(r.body().getBytes()).now()).isEqualTo(clock.instant());
        assertThat(events).singleElement().satisfies(e -> assertThat(e.worker()).isEqualTo("w9"));
        assertThat(said).containsExactly("attached w9@box-a (pid 42) attached from 127.0.0.1");
    }

    @Test
    void a_worker_silent_for_more_than_3_s_is_lost_and_comes_back_in_the_mode_in_force_when_it_reports_again()
            throws Exception {
        attach("w9", 42);
        clock.move(Duration.ofMillis(3_000));
        server.sweep();
        assertThat(server.all()).singleElement().satisfies(w -> assertThat(w.state())
                .isEqualTo(WorkerState.UP));

        clock.move(Duration.ofMillis(100));
        server.sweep();
        server.sweep(); // said once, not at every sweep

        assertThat(server.all()).singleElement().satisfies(w -> assertThat(w.state())
                .isEqualTo(WorkerState.LOST));
        assertThat(said)
                .last()
                .isEqualTo("detached w9@box-a (pid 42) lost: no report for 3.1 s (lost after 3 s); its rows still"
                        + " count, and it comes back if it reports again");
        assertThat(said).filteredOn(l -> l.startsWith("detached")).hasSize(1);

        clock.move(Duration.ofMillis(900));
        HttpResponse<String> back = post("/events", report("w9", 42, List.of()), TOKEN);

        assertThat(back.statusCode()).isEqualTo(200);
        assertThat(server.all()).singleElement().satisfies(w -> assertThat(w.state())
                .isEqualTo(WorkerState.UP));
        assertThat(said).last().isEqualTo("attached w9@box-a (pid 42) reports again after 4.0 s silent");
        // A switch may have come while it was silent: it is handed the mode in force, with nothing to answer.
        assertThat(ReportReply.parse(back.body().getBytes()).controls())
                .singleElement()
                .satisfies(c -> assertThat(c.spec()).containsEntry("mode", "redis"));
    }

    @Test
    void a_switch_reaches_an_attached_worker_on_a_reply_and_its_next_report_answers_it() throws Exception {
        attach("w9", 42);
        var result = new java.util.concurrent.CompletableFuture<ModeSwitcher.Result>();
        Thread switching = new Thread(
                () -> result.complete(ModeSwitcher.fanOut(server.channels(), ModeSpec.defaults(Mode.REDIS))));
        switching.start();

        ReportReply reply = null;
        while (reply == null || reply.controls().isEmpty()) {
            reply = ReportReply.parse(
                    post("/events", report("w9", 42, List.of()), TOKEN).body().getBytes());
        }
        long id = reply.controls().get(0).id();
        post(
                "/events",
                new WorkerReport("w9", 42, clock.instant(), 3L, 1L, false, List.of(), List.of(new ControlAck(id, null)))
                        .toJson(),
                TOKEN);

        assertThat(result.get().complete()).isTrue();
        assertThat(result.get().ackMillis()).hasSize(1);
        assertThat(server.all().get(0).offset().toString()).isEqualTo("+3 ms (±1 ms)");
    }

    @Test
    void a_worker_that_says_it_is_leaving_is_shown_exited_not_lost() throws Exception {
        attach("w9", 42);

        post(
                "/events",
                new WorkerReport("w9", 42, clock.instant(), null, null, true, List.of(), List.of()).toJson(),
                TOKEN);
        clock.move(Duration.ofSeconds(10));
        server.sweep();

        assertThat(server.all()).singleElement().satisfies(w -> assertThat(w.state())
                .isEqualTo(WorkerState.EXITED));
        assertThat(said).last().isEqualTo("detached w9@box-a (pid 42) left: it was stopped");
    }

    private AttachGrant attach(String id, long pid) throws Exception {
        HttpResponse<String> r = post("/attach", new AttachRequest(id, pid, "box-a", clock.instant()).toJson(), TOKEN);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return AttachGrant.parse(r.body().getBytes());
    }

    private void assertRefused(String path, String body, String field) throws Exception {
        HttpResponse<String> r = post(path, body, TOKEN);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        Map<String, Object> m = json(r);
        assertThat(m).containsEntry("field", field);
        assertThat((String) m.get("error")).contains(field).doesNotContain("\n");
    }

    private String report(String worker, long pid, List<String> lines) {
        return new WorkerReport(worker, pid, clock.instant(), null, null, false, lines, List.of()).toJson();
    }

    private String event(String worker, long pid, EventType type) {
        return TestEvents.event(
                        clock.instant(),
                        worker,
                        pid,
                        type,
                        clock.instant(),
                        "naive",
                        null,
                        // A switch record says its spec; the other kinds here need no field.
                        type == EventType.SWITCH ? Map.of("spec", Map.of("mode", "naive")) : Map.of())
                .toJson();
    }

    private HttpResponse<String> post(String path, String body, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(5))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, Object> json(HttpResponse<String> r) throws Exception {
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        return JSON.std.mapFrom(r.body());
    }

    /** The launcher's clock, moved by the test. */
    private static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void move(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
