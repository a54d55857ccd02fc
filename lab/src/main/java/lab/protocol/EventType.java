package lab.protocol;

import java.util.Locale;

/** The closed set of things a worker reports on its stdout (see {@link Event}). */
public enum EventType {
    READY,
    FIRED,
    ACQUIRED,
    SKIPPED,
    EXECUTED,
    RELEASED,
    RENEWED,
    LOST,
    REFUSED,
    ERROR,
    MODE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EventType fromWire(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
