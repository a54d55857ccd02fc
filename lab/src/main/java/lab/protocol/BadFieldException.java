package lab.protocol;

/**
 * A value that does not fit its field: which field, the text given, and what was expected. Each surface frames it
 * its own way (an option, a file:line, a 400) around the same words; {@link #getMessage} reads
 * {@code field 'x': expected ..., got '...'}.
 */
public class BadFieldException extends IllegalArgumentException {
    private final String field;
    private final String problem;
    private final String notAValue;

    /** {@code expected} as the declaration says it: "a duration above 0, such as 500ms or 2s". */
    public BadFieldException(String field, String expected) {
        this(field, null, expected, null);
    }

    /**
     * @param value      the text given, or null when there was none
     * @param notAValue  why the text is not a value of the field's type at all, in full (it names what was expected),
     *                   or null when it is one, out of bounds
     */
    public BadFieldException(String field, String value, String expected, String notAValue) {
        super("field '" + field + "': " + problem(value, expected, notAValue));
        this.field = field;
        this.problem = problem(value, expected, notAValue);
        this.notAValue = notAValue;
    }

    private static String problem(String value, String expected, String notAValue) {
        if (notAValue != null) {
            return notAValue;
        }
        return "expected " + expected + (value == null ? "" : ", got '" + value + "'");
    }

    public String field() {
        return field;
    }

    /** Why the text is not a value of the field's type at all, or null when it is one, out of bounds. */
    public String notAValue() {
        return notAValue;
    }

    /** The message without the field's name: "expected on or off, got 'yes'". */
    public String problem() {
        return problem;
    }
}
