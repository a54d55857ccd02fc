package lab.protocol;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line a worker prints on its stdout: {@code {"ts":..., "worker":"w1", "pid":..., "event":"executed",
 * "tick":"...", "mode":"naive", "detail":"..."}}. {@code port} is present on {@code ready} only.
 * Events are what workers <em>claim</em>; the checker never counts them.
 */
public record Event(
        Instant ts, String worker, long pid, EventType type, Instant tick, String mode, String detail, Integer port) {

    public String toJson() {
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
        if (port != null) {
            m.put("port", port);
        }
        try {
            return JSON.std.asString(m);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write event " + m, e);
        }
    }

    /** Parses one event line; throws {@link IllegalArgumentException} naming what is wrong with it. */
    public static Event parse(String line) {
        Map<String, Object> m;
        try {
            m = JSON.std.mapFrom(line);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("not an event line (not a JSON object): " + abbreviate(line));
        }
        try {
            Object tick = m.get("tick");
            Object port = m.get("port");
            return new Event(
                    Instant.parse((String) m.get("ts")),
                    (String) m.get("worker"),
                    ((Number) m.get("pid")).longValue(),
                    EventType.fromWire((String) m.get("event")),
                    tick == null ? null : Instant.parse((String) tick),
                    (String) m.get("mode"),
                    (String) m.get("detail"),
                    port == null ? null : ((Number) port).intValue());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an event line (" + e.getMessage() + "): " + abbreviate(line));
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
