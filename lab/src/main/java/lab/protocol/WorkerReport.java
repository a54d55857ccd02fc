package lab.protocol;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code POST /events} of an attached worker: its event lines since the last report (none for a heartbeat), its
 * answers to control calls, and its clock's offset from the launcher's as it last estimated it.
 *
 * @param sentAt        its own clock when it sent this
 * @param offsetMillis  the launcher's clock minus its own, or null before its first estimate
 * @param errorMillis   the estimate's error bound (half the round trip it came from), or null with no estimate
 * @param leaving       its last report: it is stopping, not lost
 * @param lines         event lines exactly as a forked worker prints them on its stdout
 */
public record WorkerReport(
        String worker,
        long pid,
        Instant sentAt,
        Long offsetMillis,
        Long errorMillis,
        boolean leaving,
        List<String> lines,
        List<ControlAck> acks) {
    private static final String EXAMPLE = "{\"worker\":\"w9\",\"pid\":4242,\"sent_at\":\"2026-01-01T12:00:00.123Z\","
            + "\"lines\":[\"{...an event line...}\"],\"acks\":[]}";

    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("worker", worker);
        m.put("pid", pid);
        m.put("sent_at", sentAt.toString());
        m.put("offset_ms", offsetMillis);
        m.put("offset_error_ms", errorMillis);
        if (leaving) {
            m.put("leaving", true);
        }
        m.put("lines", lines);
        List<Map<String, Object>> a = new ArrayList<>();
        for (ControlAck ack : acks) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("id", ack.id());
            one.put("error", ack.error());
            a.add(one);
        }
        m.put("acks", a);
        return Bodies.json(m);
    }

    /** Reads a report; throws {@link BadFieldException} naming the first field that is wrong ({@code lines[3]}). */
    @SuppressWarnings("unchecked")
    public static WorkerReport parse(byte[] body) {
        Map<String, Object> m = Bodies.object(body, EXAMPLE);
        String worker = AttachRequest.name(m, "worker");
        long pid = Bodies.number(m, "pid", "the worker's process id, a whole number above 0");
        Instant sentAt = Bodies.instant(m, "sent_at");
        Long offset = Bodies.numberOrNull(m, "offset_ms", "the clock offset in milliseconds, or null");
        Long error = Bodies.numberOrNull(m, "offset_error_ms", "the offset's error bound in milliseconds, or null");
        boolean leaving = Boolean.TRUE.equals(m.get("leaving"));
        List<String> lines = new ArrayList<>();
        List<Object> given = Bodies.list(m, "lines", "a list of event lines (strings)");
        for (int i = 0; i < given.size(); i++) {
            if (!(given.get(i) instanceof String s)) {
                throw new BadFieldException("lines[" + i + "]", "an event line, as a string");
            }
            lines.add(s);
        }
        List<ControlAck> acks = new ArrayList<>();
        List<Object> answered = Bodies.list(m, "acks", "a list of {\"id\":N,\"error\":null}");
        for (int i = 0; i < answered.size(); i++) {
            if (!(answered.get(i) instanceof Map<?, ?> a)
                    || !(((Map<String, Object>) a).get("id") instanceof Number id)) {
                throw new BadFieldException("acks[" + i + "]", "{\"id\":N,\"error\":null or why not}");
            }
            Object why = a.get("error");
            acks.add(new ControlAck(id.longValue(), why == null ? null : String.valueOf(why)));
        }
        return new WorkerReport(worker, pid, sentAt, offset, error, leaving, lines, acks);
    }
}
