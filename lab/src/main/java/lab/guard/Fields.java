package lab.guard;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The structured facts of an event, in the order they were given; nulls are left out. */
public final class Fields {
    private Fields() {}

    /** {@code key, value, key, value, ...}; a null value leaves its key out. */
    public static Map<String, Object> of(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            if (pairs[i + 1] != null) {
                m.put((String) pairs[i], pairs[i + 1]);
            }
        }
        return Collections.unmodifiableMap(m);
    }

    static Map<String, Object> copy(Map<String, Object> fields) {
        return fields == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public static Map<String, Object> merge(Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> m = new LinkedHashMap<>(a);
        m.putAll(b);
        return Collections.unmodifiableMap(m);
    }
}
