package lab.launcher;

import java.util.List;
import java.util.Map;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.ModeChange;

/** A switch written the way a test reads best, knob names to values, made typed as a key or a step makes it. */
final class Changes {
    private Changes() {}

    static ModeChange of(Map<String, String> named) {
        ModeChange change = new ModeChange(List.of());
        for (Map.Entry<String, String> e : named.entrySet()) {
            change = and(change, Knobs.byName(e.getKey()).orElseThrow(), e.getValue());
        }
        return change;
    }

    private static <T> ModeChange and(ModeChange change, Knob<T> knob, String text) {
        return change.and(knob, knob.parse(text));
    }
}
