package lab.soak;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.store.CounterRow;

/**
 * The rows a worker said it wrote that the counter table does not have. A worker says {@code executed} only once the
 * store acknowledged its insert ({@code refused}: its insert did nothing, by the store's decision), so each such
 * event must match a row of the same worker process and tick: one that does not is a write the store acknowledged
 * and then lost, across a restart for example. The table is the judge; the events only say what to look for.
 */
public final class LostRows {
    private LostRows() {}

    /** One run whose row is missing. */
    public record Lost(String worker, long pid, Instant tick, Instant saidAt) {
        @Override
        public String toString() {
            return worker + " (pid " + pid + ") said at " + saidAt + " that it wrote tick " + tick
                    + ", and the table has no row of it";
        }
    }

    record Key(String worker, long pid, Instant tick) {}

    /** Every {@code executed} event of a worker with no row of that worker's process for that tick. */
    public static List<Lost> find(List<Event> recording, List<CounterRow> rows) {
        Set<Key> kept =
                rows.stream().map(r -> new Key(r.worker(), r.pid(), r.tickAt())).collect(Collectors.toSet());
        return recording.stream()
                .filter(e -> e.type() == EventType.EXECUTED && !Event.LAB.equals(e.worker()) && e.tick() != null)
                .filter(e -> !kept.contains(new Key(e.worker(), e.pid(), e.tick())))
                .map(e -> new Lost(e.worker(), e.pid(), e.tick(), e.ts()))
                .toList();
    }

    /** How many {@code executed} events of workers the recording has: what the table was checked against. */
    public static long written(List<Event> recording) {
        return recording.stream()
                .filter(e -> e.type() == EventType.EXECUTED && !Event.LAB.equals(e.worker()))
                .count();
    }
}
