package lab.store;

import java.time.Instant;
import java.util.Map;

/**
 * One line of a table file, its fields by column: read by {@link TableFile}'s row makers, which name the column
 * they need; an empty field is NULL.
 *
 * @param line the line's number in its file (the header is line 1)
 */
record TableLine(int line, Map<String, String> fields) {
    String text(String column) {
        String v = fields.get(column);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("expected a value in column " + column + ", found none");
        }
        return v;
    }

    long number(String column) {
        String v = text(column);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a whole number in column " + column + ", found '" + v + "'");
        }
    }

    Instant instant(String column) {
        String v = text(column);
        try {
            return Instant.parse(v);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "expected an ISO-8601 instant in column " + column + ", found '" + v + "'");
        }
    }

    boolean bool(String column) {
        String v = text(column);
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v);
        }
        throw new IllegalArgumentException("expected true or false in column " + column + ", found '" + v + "'");
    }
}
