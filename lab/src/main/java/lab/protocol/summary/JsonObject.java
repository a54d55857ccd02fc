package lab.protocol.summary;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * One JSON object of a summary as parsed, read field by field with its path ({@code by_mode.naive.ticks}), so that a
 * field that is missing or of another type is refused in one line naming it and what was expected. The summary's
 * field names are spelled in {@link SummaryCodec} and here only.
 */
record JsonObject(String path, Map<?, ?> fields) {
    boolean has(String key) {
        return fields.get(key) != null;
    }

    private String at(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private IllegalArgumentException expected(String key, String what) {
        Object v = fields.get(key);
        return new IllegalArgumentException(
                at(key) + ": expected " + what + ", found " + (v == null ? "none" : "'" + v + "'"));
    }

    long whole(String key) {
        if (fields.get(key) instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.longValue();
        }
        throw expected(key, "a whole number");
    }

    int count(String key) {
        long n = whole(key);
        if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
            throw expected(key, "a count that fits an int");
        }
        return (int) n;
    }

    OptionalInt optionalCount(String key) {
        return has(key) ? OptionalInt.of(count(key)) : OptionalInt.empty();
    }

    String text(String key) {
        if (fields.get(key) instanceof String s) {
            return s;
        }
        throw expected(key, "a string");
    }

    /** A text field that older summaries may lack, or write as null. */
    String textOr(String key, String absent) {
        return has(key) ? text(key) : absent;
    }

    boolean bool(String key) {
        if (fields.get(key) instanceof Boolean b) {
            return b;
        }
        throw expected(key, "true or false");
    }

    Instant instant(String key) {
        try {
            return Instant.parse(text(key));
        } catch (RuntimeException e) {
            throw expected(key, "an ISO-8601 instant");
        }
    }

    JsonObject object(String key) {
        if (fields.get(key) instanceof Map<?, ?> m) {
            return new JsonObject(at(key), m);
        }
        throw expected(key, "an object");
    }

    /** The named fields of an object, each as text: a mode's knobs. */
    List<String> keys() {
        return fields.keySet().stream().map(String::valueOf).toList();
    }

    String textOf(String key) {
        Object v = fields.get(key);
        return v == null ? "" : String.valueOf(v);
    }

    List<JsonObject> objects(String key) {
        List<JsonObject> out = new ArrayList<>();
        List<?> l = list(key);
        for (int i = 0; i < l.size(); i++) {
            if (!(l.get(i) instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException(
                        at(key) + "[" + i + "]: expected an object, found '" + l.get(i) + "'");
            }
            out.add(new JsonObject(at(key) + "[" + i + "]", m));
        }
        return out;
    }

    List<String> texts(String key) {
        return list(key).stream().map(String::valueOf).toList();
    }

    private List<?> list(String key) {
        if (fields.get(key) instanceof List<?> l) {
            return l;
        }
        throw expected(key, "a list");
    }
}
