package lab.protocol;

import java.util.Map;

/**
 * A control call for an attached worker, carried back on the reply to one of its reports (its own port may be out
 * of the launcher's reach): today a switch, the body a {@code PUT /mode} would carry.
 *
 * @param id   the launcher's number for it; the worker's {@link ControlAck} names it
 * @param spec the mode and its knobs, as {@link ModeSpec#toMap}
 */
public record Control(long id, Map<String, Object> spec) {
    /** One line, as the launcher writes it on a forked worker's stdin: {@code {"id":N,"spec":{"mode":...}}}. */
    public String toLine() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("id", id);
        m.put("spec", spec);
        return Bodies.json(m);
    }

    /** The line {@link #toLine} wrote; a line that is not one is refused naming what was expected. */
    @SuppressWarnings("unchecked")
    public static Control parseLine(String line) {
        Map<String, Object> m = Bodies.object(
                line.getBytes(java.nio.charset.StandardCharsets.UTF_8), "{\"id\":N,\"spec\":{\"mode\":...}}");
        if (!(m.get("spec") instanceof Map<?, ?> spec)) {
            throw new BadFieldException("spec", "an object: the mode and its knobs");
        }
        return new Control(Bodies.number(m, "id", "a number"), (Map<String, Object>) spec);
    }
}
