package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one codec of the recording, held to the lines the lab wrote before the recording became typed: every line of
 * the kept recordings reads as a typed event and writes back as the same JSON object, field for field.
 */
class EventRoundTripTest {
    private static final Path KEPT = Path.of("src", "test", "resources", "recordings");

    static Stream<Path> recordings() throws IOException {
        try (Stream<Path> dirs = Files.list(KEPT)) {
            return dirs.filter(Files::isDirectory).sorted().map(d -> d.resolve("events.jsonl")).toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void every_line_of_a_kept_recording_reads_as_a_typed_event_and_writes_back_the_same_object(Path file)
            throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> reordered = new ArrayList<>();
        for (String line : lines) {
            Event e = Event.parse(line);
            assertThat(e.fact()).isInstanceOf(Fact.of(e.type()));
            Map<String, Object> was = JSON.std.mapFrom(line);
            Map<String, Object> now = JSON.std.mapFrom(e.toJson());
            if (formatOne(was)) {
                now = asFormatOneWroteIt(now, was);
            }
            assertThat(now).as(line).isEqualTo(was);
            if (!List.copyOf(now.keySet()).equals(List.copyOf(was.keySet())) && !unordered(was)) {
                reordered.add(line);
            }
        }
        // The facts are written in the order of their record; the lines keep it, but for those whose writer took its
        // facts from an unordered map (fired, fault, a late skip) and a PostgreSQL release, which said how first.
        assertThat(reordered).as("lines written back in another order").isEmpty();
    }

    /** A mode or switch line from before the lines described their mode: it carries no format. */
    private static boolean formatOne(Map<String, Object> line) {
        return ("mode".equals(line.get("event")) || "switch".equals(line.get("event"))) && !line.containsKey("format");
    }

    /**
     * A format-1 line written back, with what the reader filled in taken out again: its format, its mode's lock and needs,
     * and the knobs added after it was recorded (at their defaults). What remains must be the line as it was.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> asFormatOneWroteIt(Map<String, Object> now, Map<String, Object> was) {
        assertThat(now).as("a format-1 line read and written again").containsEntry("format", 1);
        assertThat(now).containsKeys("lock", "needs");
        Map<String, Object> back = new LinkedHashMap<>(now);
        back.remove("format");
        back.remove("lock");
        back.remove("needs");
        Map<String, Object> spec = new LinkedHashMap<>((Map<String, Object>) now.get("spec"));
        spec.keySet().retainAll(((Map<String, Object>) was.get("spec")).keySet());
        back.put("spec", spec);
        return back;
    }

    @Test
    void a_mode_line_describes_its_mode_and_reads_back_where_no_such_mode_is_declared() {
        // A learner's mode, as an exam's worker writes it: no service declares mode exam, as in ./run.sh report's JVM.
        String line = "{\"ts\":\"2026-12-07T20:15:32Z\",\"worker\":\"w1\",\"pid\":7,\"event\":\"mode\","
                + "\"mode\":\"exam\",\"format\":2,\"lock\":{\"label\":\"MyLock\",\"kind\":\"exam\","
                + "\"sight\":\"calls\",\"called\":\"\"},\"needs\":[\"redis\",\"postgres\"],"
                + "\"spec\":{\"mode\":\"exam\",\"lock-ttl\":\"1s\"}}";

        Event e = Event.parse(line);

        WorkerFact.InMode m = (WorkerFact.InMode) e.fact();
        assertThat(Mode.byName("exam")).as("mode exam declared in this JVM").isEmpty();
        assertThat(m.format()).isEqualTo(WorkerFact.InMode.FORMAT);
        assertThat(m.lock()).isEqualTo(new Mode.Lock("MyLock", "exam", Mode.Sight.CALLS, ""));
        assertThat(m.needs()).containsExactly(Mode.Need.REDIS, Mode.Need.POSTGRES);
        assertThat(m.spec().mode().cliName()).isEqualTo("exam");
        assertThat(m.spec().mode().lock()).isEqualTo(m.lock());
        assertThat(m.spec().get(Knobs.LOCK_TTL)).isEqualTo(Duration.ofSeconds(1));
        assertThat(Event.parse(e.toJson())).isEqualTo(e);
    }

    @Test
    void a_mode_line_of_format_one_is_described_as_this_jvm_declares_its_mode() {
        String line = "{\"ts\":\"2026-12-03T16:54:00Z\",\"worker\":\"w3\",\"pid\":7,\"event\":\"mode\","
                + "\"mode\":\"postgres\",\"spec\":{\"mode\":\"postgres\",\"pg-lock\":\"wait\"}}";

        WorkerFact.InMode m = (WorkerFact.InMode) Event.parse(line).fact();

        assertThat(m.format()).isEqualTo(1);
        assertThat(m.lock()).isEqualTo(Mode.POSTGRES.lock());
        assertThat(m.needs()).containsExactlyInAnyOrderElementsOf(Mode.POSTGRES.needs());
        assertThat(m.spec()).isEqualTo(ModeSpec.defaults(Mode.POSTGRES).with(Knobs.PG_LOCK, PgLock.WAIT));
    }

    @Test
    void a_spec_naming_a_knob_that_is_not_live_is_refused_with_its_name() {
        String line = "{\"ts\":\"2026-12-03T16:54:00Z\",\"worker\":\"w3\",\"pid\":7,\"event\":\"mode\","
                + "\"mode\":\"redis\",\"spec\":{\"mode\":\"redis\",\"lock-tll\":\"1s\"}}";

        assertThatThrownBy(() -> Event.parse(line))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spec: no live knob 'lock-tll'");
    }

    private static boolean unordered(Map<String, Object> line) {
        Object event = line.get("event");
        List<String> keys = List.copyOf(line.keySet());
        return event.equals("fired")
                || event.equals("fault")
                || event.equals("skipped") && "late".equals(line.get("reason"))
                || event.equals("released") && keys.indexOf("how") < keys.indexOf("key");
    }

    @Test
    void a_misspelled_field_is_refused_with_its_name_not_dropped() {
        String line = "{\"ts\":\"2026-12-03T16:55:01Z\",\"worker\":\"w1\",\"pid\":7,\"event\":\"released\","
                + "\"mode\":\"redis\",\"key\":\"k\",\"owner\":\"w1-7\",\"expire_at\":\"2026-12-03T16:55:02Z\"}";

        assertThatThrownBy(() -> Event.parse(line))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no field 'expire_at' in a released event");
    }

    @Test
    void a_list_of_workers_is_a_list_written_as_one_space_separated_string() {
        Event cut = Event.parse("{\"ts\":\"2026-12-03T16:55:01Z\",\"worker\":\"lab\",\"pid\":7,\"event\":\"fault\","
                + "\"mode\":\"redis\",\"kind\":\"partition\",\"host\":\"host2\",\"workers\":\"w2 w4\"}");

        assertThat(cut.fact())
                .isEqualTo(LabFact.Fault.ofHost(LabFact.FaultKind.PARTITION, "host2", List.of("w2", "w4")));
        assertThat(cut.toJson()).endsWith("\"kind\":\"partition\",\"host\":\"host2\",\"workers\":\"w2 w4\"}");
    }

    @Test
    void a_lock_kind_a_flag_and_a_lock_server_read_as_their_types() {
        Event e = Event.parse("{\"ts\":\"2026-12-03T16:55:01Z\",\"worker\":\"w4\",\"pid\":7,\"event\":\"acquired\","
                + "\"tick\":\"2026-12-03T16:55:01Z\",\"mode\":\"redis\",\"lock\":\"local\",\"key\":\"mutex:w4-7\","
                + "\"owner\":\"w4-7\",\"waited_ms\":1,\"acquire_us\":1555,\"lock_server\":2,\"fallback\":true}");

        LockFact.Acquired a = (LockFact.Acquired) e.fact();
        assertThat(a.lock().kind()).isEqualTo("local");
        assertThat(a.lock().name(a.key())).isEqualTo("local mutex mutex:w4-7");
        assertThat(a.fallback()).isTrue();
        assertThat(a.lockServer()).isEqualTo(LockServer.numbered(2));
        assertThat(e.toJson()).contains("\"lock\":\"local\"").contains("\"lock_server\":2");
    }
}
