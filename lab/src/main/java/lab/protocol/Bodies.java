package lab.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

/**
 * Reading the attach protocol's JSON bodies: every refusal names the one field that is wrong and what was expected,
 * as a 400 carries it.
 */
final class Bodies {
    /** A body is a flat object with one list of flat objects: anything deeper is not a report. */
    private static final JSON READER = JSON.std.with(JsonFactory.builder()
            .streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(8).build())
            .build());

    private Bodies() {}

    static Map<String, Object> object(byte[] body, String example) {
        Map<String, Object> m;
        try {
            m = READER.mapFrom(body);
        } catch (IOException | RuntimeException e) {
            throw new BadFieldException("body", "a JSON object such as " + example);
        }
        if (m == null) {
            throw new BadFieldException("body", "a JSON object such as " + example);
        }
        return m;
    }

    static String text(Map<String, Object> m, String field, String expected) {
        if (m.get(field) instanceof String s && !s.isBlank()) {
            return s;
        }
        throw new BadFieldException(field, shown(m.get(field)), expected, null);
    }

    static long number(Map<String, Object> m, String field, String expected) {
        if (m.get(field) instanceof Number n && n.doubleValue() == n.longValue()) {
            return n.longValue();
        }
        throw new BadFieldException(field, shown(m.get(field)), expected, null);
    }

    /** An optional number: absent or null is null. */
    static Long numberOrNull(Map<String, Object> m, String field, String expected) {
        return m.get(field) == null ? null : number(m, field, expected);
    }

    static Instant instant(Map<String, Object> m, String field) {
        String expected = "an ISO-8601 instant such as 2026-01-01T12:00:00.123Z";
        try {
            return Instant.parse(text(m, field, expected));
        } catch (DateTimeParseException e) {
            throw new BadFieldException(field, shown(m.get(field)), expected, null);
        }
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> m, String field, String expected) {
        Object v = m.get(field);
        if (v == null) {
            return List.of();
        }
        if (v instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw new BadFieldException(field, shown(v), expected, null);
    }

    static String json(Map<String, Object> m) {
        try {
            return JSON.std.asString(m);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + m, e);
        }
    }

    private static String shown(Object v) {
        if (v == null) {
            return null;
        }
        String s = String.valueOf(v);
        return Printable.oneLine(s.length() <= 60 ? s : s.substring(0, 57) + "...");
    }
}
