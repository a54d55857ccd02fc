package lab.protocol;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of the recording: {@code {"ts":..., "worker":"w1", "pid":..., "event":"executed", "tick":"...",
 * "mode":"naive", "detail":"...", ...facts}}. A worker prints its own on stdout; the launcher writes its own
 * ({@code switch}, {@code fault}, {@code server}, {@code restart}, {@code lock}, {@code caption}, {@code verdict},
 * {@code counted}, ...) under the worker name {@link #LAB}.
 *
 * <p>{@code fact} is what an explainer reads, a record of the event's kind ({@link WorkerFact}, {@link LabFact});
 * {@code detail} is the sentence for people, never parsed. Events are what workers <em>claim</em>; the checker counts
 * rows, and reads events only to say why.
 */
public record Event(Instant ts, String worker, long pid, Instant tick, String mode, String detail, Fact fact) {

    /** The worker name of the launcher's own records. */
    public static final String LAB = "lab";

    public Event {
        Objects.requireNonNull(fact, "fact");
    }

    public EventType type() {
        return fact.type();
    }

    /** The port a {@code ready} event says this worker listens on; null for any other event. */
    public Integer port() {
        return fact instanceof WorkerFact.Ready r ? r.port() : null;
    }

    /** The facts, if they are of {@code kind}. */
    public <F extends Fact> Optional<F> as(Class<F> kind) {
        return kind.isInstance(fact) ? Optional.of(kind.cast(fact)) : Optional.empty();
    }

    /** The line as a JSON object, in the order it is written: for tests and for people (rules read {@link #fact}). */
    Map<String, Object> wire() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ts", ts.toString());
        m.put("worker", worker);
        m.put("pid", pid);
        m.put("event", type().wireName());
        if (tick != null) {
            m.put("tick", tick.toString());
        }
        m.put("mode", mode);
        if (detail != null) {
            m.put("detail", detail);
        }
        EventCodec.write(fact, m);
        return m;
    }

    public String toJson() {
        Map<String, Object> m = wire();
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
            return fromWire(m);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an event line (" + e.getMessage() + "): " + abbreviate(line));
        }
    }

    /** An event from its line read as a JSON object (see {@link #wire()}). */
    public static Event fromWire(Map<String, Object> line) {
        Map<String, Object> fields = new LinkedHashMap<>(line);
        Object tick = fields.remove("tick");
        EventType type = EventType.fromWire((String) fields.remove("event"));
        Instant ts = Instant.parse((String) fields.remove("ts"));
        String worker = (String) Objects.requireNonNull(fields.remove("worker"), "no worker");
        long pid = ((Number) Objects.requireNonNull(fields.remove("pid"), "no pid")).longValue();
        String mode = (String) fields.remove("mode");
        String detail = (String) fields.remove("detail");
        return new Event(
                ts,
                worker,
                pid,
                tick == null ? null : Instant.parse((String) tick),
                mode,
                detail,
                EventCodec.read(type, fields));
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
