package lab.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A mode's spec on a line of the recording and back: every live knob by name, as text, as the wire has it ({@code
 * "spec":{"mode":"redis","lock-ttl":"1s",...}}); read back into a {@link ModeSpec}, each value through its knob. A knob
 * the line leaves out (a recording from before the knob) is at its default, as it was then.
 */
final class RecordedSpecs {
    private RecordedSpecs() {}

    static Map<String, Object> write(ModeSpec spec) {
        return spec.toMap();
    }

    /**
     * The spec of {@code wire}; its mode as this JVM declares it, or, for a mode it does not know, as the line describes
     * it ({@code lock}, {@code needs}): a learner's mode, read again in a JVM that did not load it.
     */
    static ModeSpec read(Map<?, ?> wire, Mode.Lock lock, List<Mode.Need> needs) {
        Object name = wire.get(Knobs.MODE.name());
        if (name == null) {
            throw new IllegalArgumentException("a spec names its mode: " + wire);
        }
        Mode mode = Modes.byName(String.valueOf(name))
                .orElseGet(() -> new RecordedMode(
                        String.valueOf(name), lock == null ? Mode.Lock.NONE : lock, needs == null ? List.of() : needs));
        ModeSpec spec = ModeSpec.defaults(mode);
        Map<String, Object> rest = new LinkedHashMap<>();
        wire.forEach((k, v) -> rest.put(String.valueOf(k), v));
        rest.remove(Knobs.MODE.name());
        for (Map.Entry<String, Object> e : rest.entrySet()) {
            Knob<?> knob = Knobs.byName(e.getKey())
                    .filter(k -> k.scope().live())
                    .orElseThrow(() -> new IllegalArgumentException(
                            "no live knob '" + e.getKey() + "' (expected one of " + Knobs.names(Knobs.live()) + ")"));
            spec = knob.set(spec, String.valueOf(e.getValue()));
        }
        return spec;
    }
}
