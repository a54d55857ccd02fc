package lab.protocol;

/** A value that does not fit its field; the message reads {@code field 'x': expected ...}. */
public class BadFieldException extends IllegalArgumentException {
    private final String field;

    public BadFieldException(String field, String expected) {
        super("field '" + field + "': expected " + expected);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
