package lab.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import lab.protocol.Event;
import lab.protocol.LabFact;
import lab.store.CounterRow;

/**
 * The wall-clock offsets the lab gave its own workers, read from the recording's {@code skew} faults: exact, since the
 * lab set them, so a skewed worker's {@code started_at} and {@code created_at} are put back on the machine's clock
 * (the offset subtracted) before any overlap is judged. {@code tick_at} is left as the worker wrote it: the tick it
 * meant to run, early fire or not.
 *
 * <p>A worker's offset holds from its {@code skew} event on, across any restart, until its next {@code skew}; the
 * process the event names ({@code targetPid}, the one its restart replaces) keeps the clock it had. An event with no
 * pid is a skew asked at start ({@code --skew}), recorded before the worker was forked.
 *
 * @param skews the {@code skew} events ({@link #isSkew}), in the recording's order
 */
public record LabSkews(List<Event> skews) {
    /** No worker skewed. */
    public static final LabSkews NONE = new LabSkews(List.of());

    public LabSkews {
        skews = List.copyOf(skews);
    }

    /** The {@code skew} events of {@code recording}. */
    public static LabSkews of(List<Event> recording) {
        List<Event> found = new ArrayList<>();
        for (Event e : recording) {
            if (isSkew(e)) {
                found.add(e);
            }
        }
        return found.isEmpty() ? NONE : new LabSkews(found);
    }

    /** Whether {@code e} is the lab's record of a worker's clock set. */
    public static boolean isSkew(Event e) {
        return e.fact() instanceof LabFact.Fault f && f.kind() == LabFact.FaultKind.SKEW && f.skewMs() != null;
    }

    /**
     * How far {@code row}'s clock was ahead of the machine's, in ms: the offset of the last {@code skew} of its worker
     * that its process came after, the run's start put back on the machine's clock by that offset.
     */
    public long offsetMillis(CounterRow row) {
        return offsetMillis(row.worker(), row.pid(), row.startedAt());
    }

    /** The same for a process of {@code worker} that read {@code at} on its own clock. */
    long offsetMillis(String worker, long pid, Instant at) {
        long offset = 0;
        for (Event s : skews) {
            LabFact.Fault f = (LabFact.Fault) s.fact();
            boolean replaced = f.targetPid() != null && f.targetPid() == pid;
            if (f.target().equals(worker)
                    && !replaced
                    && !at.minusMillis(f.skewMs()).isBefore(s.ts())) {
                offset = f.skewMs();
            }
        }
        return offset;
    }

    /**
     * {@code recording} with a skewed worker's own events stamped on the machine's clock (their {@code tick} as it
     * said it), so that the explainer reads its grants and releases against the corrected runs.
     */
    List<Event> correctedEvents(List<Event> recording) {
        if (skews.isEmpty()) {
            return recording;
        }
        List<Event> out = new ArrayList<>(recording.size());
        for (Event e : recording) {
            long off = Event.LAB.equals(e.worker()) ? 0 : offsetMillis(e.worker(), e.pid(), e.ts());
            out.add(
                    off == 0
                            ? e
                            : new Event(
                                    e.ts().minusMillis(off),
                                    e.worker(),
                                    e.pid(),
                                    e.tick(),
                                    e.mode(),
                                    e.detail(),
                                    e.fact()));
        }
        return out;
    }

    /** {@code rows} with each skewed worker's {@code started_at} and {@code created_at} on the machine's clock. */
    public List<CounterRow> corrected(List<CounterRow> rows) {
        if (skews.isEmpty()) {
            return rows;
        }
        List<CounterRow> out = new ArrayList<>(rows.size());
        for (CounterRow r : rows) {
            long off = offsetMillis(r);
            out.add(
                    off == 0
                            ? r
                            : new CounterRow(
                                    r.id(),
                                    r.createdAt().minusMillis(off),
                                    r.tickAt(),
                                    r.startedAt().minusMillis(off),
                                    r.worker(),
                                    r.pid(),
                                    r.mode()));
        }
        return out;
    }

    /** The offset the lab last set for {@code worker} at or before {@code at}, in ms (0: none). */
    public long setAt(String worker, Instant at) {
        long offset = 0;
        for (Event s : skews) {
            LabFact.Fault f = (LabFact.Fault) s.fact();
            if (f.target().equals(worker) && !s.ts().isAfter(at)) {
                offset = f.skewMs();
            }
        }
        return offset;
    }

    /**
     * How far the clock furthest ahead of the machine's was set at {@code at}, in ms (0: none ahead): a worker that far
     * ahead fires each tick that much before it, on the machine's clock.
     */
    public long mostAheadAt(Instant at) {
        long ahead = 0;
        for (Event s : skews) {
            ahead = Math.max(ahead, setAt(((LabFact.Fault) s.fact()).target(), at));
        }
        return ahead;
    }
}
