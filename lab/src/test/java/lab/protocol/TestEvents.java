package lab.protocol;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Events for tests, written as a line would be, fields by name, and read by the one codec as a recording is. */
public final class TestEvents {
    private TestEvents() {}

    /** A line's envelope and {@code fields}; a field the kind of event does not have fails, as it would on a line. */
    public static Event event(
            Instant ts,
            String worker,
            long pid,
            EventType type,
            Instant tick,
            String mode,
            String detail,
            Map<String, ?> fields) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ts", ts.toString());
        m.put("worker", worker);
        m.put("pid", pid);
        m.put("event", type.wireName());
        if (tick != null) {
            m.put("tick", tick.toString());
        }
        m.put("mode", mode);
        if (detail != null) {
            m.put("detail", detail);
        }
        m.putAll(fields);
        return Event.fromWire(m);
    }
}
