package lab.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.protocol.BadFieldException;
import lab.protocol.Durations;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;

/**
 * Reads the mode and its knobs, in setup or in a {@code mode} step, into the canonical text forms that
 * {@link ModeSpec#merge} accepts; every value is checked against the spec in force at that point of the file, so
 * that a replay never meets a knob the workers would refuse.
 */
final class Knobs {
    /** The knob names in the order the format's reference page lists them. */
    static final List<String> NAMES = List.of("mode", "task-time", "lock-ttl", "release", "pg-lock", "recheck");

    private Knobs() {}

    /** The knobs among {@code entries} (other keys are left alone), checked by merging them into {@code base}. */
    static Map<String, Object> read(Nodes nodes, Map<String, Nodes.Entry> entries, String what, ModeSpec base)
            throws ScenarioException {
        Map<String, Object> knobs = new LinkedHashMap<>();
        for (String name : NAMES) {
            Nodes.Entry e = entries.get(name);
            if (e != null) {
                knobs.put(name, value(nodes, name, e, what + "." + name));
            }
        }
        try {
            base.merge(knobs);
        } catch (BadFieldException ex) {
            Nodes.Entry e = entries.get(ex.field());
            String problem = what + "." + ex.field() + ": " + ex.getMessage().replaceFirst("^field '[^']*': ", "");
            throw nodes.error(
                    e != null ? e.value() : entries.values().iterator().next().key(), problem);
        }
        return knobs;
    }

    private static Object value(Nodes nodes, String name, Nodes.Entry e, String what) throws ScenarioException {
        return switch (name) {
            case "mode" -> {
                String t = nodes.scalar(e.value(), what, "a mode (" + Mode.names() + ")")
                        .strip();
                try {
                    yield Mode.parse(t).cliName();
                } catch (IllegalArgumentException ex) {
                    throw nodes.error(e.value(), what + ": " + ex.getMessage());
                }
            }
            case "task-time" -> Durations.format(nodes.duration(e.value(), what));
            case "lock-ttl" -> Durations.format(nodes.positiveDuration(e.value(), what));
            case "release" -> nodes.choice(e.value(), what, List.of("safe", "unsafe"));
            case "pg-lock" -> nodes.choice(e.value(), what, List.of("try", "wait"));
            case "recheck" -> {
                String t = nodes.scalar(e.value(), what, "on or off").strip();
                if (t.equals("on") || t.equals("true")) {
                    yield "on";
                }
                if (t.equals("off") || t.equals("false")) {
                    yield "off";
                }
                throw nodes.error(e.value(), what + ": expected on or off, got '" + t + "'");
            }
            default -> throw new IllegalStateException("no reader for knob " + name);
        };
    }
}
