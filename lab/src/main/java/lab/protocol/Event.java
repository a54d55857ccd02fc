package lab.protocol;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One line of the recording: {@code {"ts":..., "worker":"w1", "pid":..., "event":"executed", "tick":"...",
 * "mode":"naive", "detail":"...", ...fields}}. A worker prints its own on stdout; the launcher writes its own
 * ({@code switch}, {@code fault}, {@code server}, {@code restart}, {@code lock}, {@code caption}, {@code verdict},
 * {@code counted}) under the worker name {@link #LAB}.
 * {@code port} is present on {@code ready} only.
 *
 * <p>{@code fields} are the structured facts an explainer reads ({@code key}, {@code owner}, {@code expires_at},
 * ...: see the recording's page in the docs); {@code detail} is the sentence for people, never parsed. Events are
 * what workers <em>claim</em>; the checker counts rows, and reads events only to say why.
 */
public record Event(
        Instant ts,
        String worker,
        long pid,
        EventType type,
        Instant tick,
        String mode,
        String detail,
        Integer port,
        Map<String, Object> fields) {

    /** The worker name of the launcher's own records. */
    public static final String LAB = "lab";

    private static final Set<String> BASE = Set.of("ts", "worker", "pid", "event", "tick", "mode", "detail", "port");

    public Event {
        fields = fields == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public Event(
            Instant ts,
            String worker,
            long pid,
            EventType type,
            Instant tick,
            String mode,
            String detail,
            Integer port) {
        this(ts, worker, pid, type, tick, mode, detail, port, Map.of());
    }

    /** A field as text, or null when absent. */
    public String text(String name) {
        Object v = fields.get(name);
        return v == null ? null : String.valueOf(v);
    }

    /** A field that holds an instant, or null when absent. */
    public Instant instant(String name) {
        String v = text(name);
        return v == null ? null : Instant.parse(v);
    }

    /** A field that holds a number, or null when absent. */
    public Long number(String name) {
        Object v = fields.get(name);
        return v instanceof Number n ? Long.valueOf(n.longValue()) : null;
    }

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
        fields.forEach((k, v) -> m.put(k, v instanceof Instant i ? i.toString() : v));
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
            Map<String, Object> fields = new LinkedHashMap<>(m);
            fields.keySet().removeAll(BASE);
            return new Event(
                    Instant.parse((String) m.get("ts")),
                    (String) m.get("worker"),
                    ((Number) m.get("pid")).longValue(),
                    EventType.fromWire((String) m.get("event")),
                    tick == null ? null : Instant.parse((String) tick),
                    (String) m.get("mode"),
                    (String) m.get("detail"),
                    port == null ? null : ((Number) port).intValue(),
                    fields);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an event line (" + e.getMessage() + "): " + abbreviate(line));
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
