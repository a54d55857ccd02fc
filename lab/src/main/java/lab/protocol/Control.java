package lab.protocol;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A control call for an attached worker, carried back on the reply to one of its reports (its own port may be out
 * of the launcher's reach): today a switch, the body a {@code PUT /mode} would carry.
 *
 * @param id   the launcher's number for it; the worker's {@link ControlAck} names it
 * @param spec the mode and its knobs, as {@link ModeSpec#toMap}
 */
public record Control(long id, Map<String, Object> spec) {
    /** What a reply carries and a line holds: {@code {"id":N,"spec":{"mode":...}}}. */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("spec", spec);
        return m;
    }

    /** {@link #toMap}'s form, read back; anything else is refused as {@code field}, naming what was expected. */
    @SuppressWarnings("unchecked")
    static Control from(Object given, String field) {
        if (!(given instanceof Map<?, ?> c)
                || !(c.get("id") instanceof Number id)
                || !(c.get("spec") instanceof Map<?, ?> spec)) {
            throw new BadFieldException(field, "{\"id\":N,\"spec\":{\"mode\":...}}");
        }
        return new Control(id.longValue(), (Map<String, Object>) spec);
    }

    /** One line, as the launcher writes it on a forked worker's stdin. */
    public String toLine() {
        return Bodies.json(toMap());
    }

    /** The line {@link #toLine} wrote; a line that is not one is refused naming what was expected. */
    public static Control parseLine(String line) {
        String expected = "{\"id\":N,\"spec\":{\"mode\":...}}";
        return from(Bodies.object(line.getBytes(StandardCharsets.UTF_8), expected), "line");
    }
}
