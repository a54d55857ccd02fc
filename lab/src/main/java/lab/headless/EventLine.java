package lab.headless;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import lab.protocol.Event;
import lab.protocol.EventType;

/** One event as a person reads it: {@code 10:34:18.002 w3 executed tick 10:34:18}. */
public final class EventLine {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss");

    private EventLine() {}

    public static String format(Event e, ZoneId zone) {
        StringBuilder sb = new StringBuilder();
        sb.append(CLOCK.format(e.ts().atZone(zone)))
                .append(' ')
                .append(e.worker())
                .append(' ')
                .append(e.type().wireName());
        if (e.tick() != null) {
            sb.append(" tick ").append(tick(e.tick(), zone));
        }
        if (e.type() == EventType.READY) {
            sb.append(" pid ").append(e.pid()).append(", mode ").append(e.mode());
        }
        // The worker's own sentence starts with its id; the line has said that already.
        String detail = e.detail();
        if (detail != null && e.type() != EventType.FIRED) {
            String prefix = e.worker() + " - ";
            sb.append("  ").append(detail.startsWith(prefix) ? detail.substring(prefix.length()) : detail);
        }
        return sb.toString();
    }

    /** Whole seconds when the tick is on one, milliseconds when the period is finer. */
    public static String tick(Instant tick, ZoneId zone) {
        return (tick.toEpochMilli() % 1000 == 0 ? SECONDS : CLOCK).format(tick.atZone(zone));
    }
}
