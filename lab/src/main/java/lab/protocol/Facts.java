package lab.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/** Helpers the fact records share. */
final class Facts {
    private Facts() {}

    /** A spec's knobs, in their order, every value as text (as the line writes them). */
    static Map<String, String> text(Map<String, ?> spec) {
        Map<String, String> m = new LinkedHashMap<>();
        spec.forEach((k, v) -> m.put(k, String.valueOf(v)));
        return m;
    }
}
