package lab.launcher;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import lab.check.LabSkews;
import lab.guard.LockState;
import lab.protocol.Event;
import lab.protocol.LabFact;

/**
 * The session's recording: every worker's event and the launcher's own records ({@code switch}, {@code fault},
 * {@code server}, {@code restart}, {@code lock}), in the order received. Written line by line to
 * {@code events.jsonl} and kept here too, so that the explainer reads the same facts the file has.
 */
public final class Recording {
    private final List<Event> events = new ArrayList<>(); // guarded by this
    /** The {@code skew} faults among them: what the checker reads for every figure, kept apart to be read cheaply. */
    private final List<Event> skews = new ArrayList<>(); // guarded by this

    private final Clock clock;
    private final long pid = ProcessHandle.current().pid();
    private volatile Consumer<Event> file = e -> {};

    Recording(Clock clock) {
        this.clock = clock;
    }

    /** Where each record also goes once the session has its run folder. */
    void writeTo(Consumer<Event> sink) {
        file = sink;
    }

    void add(Event e) {
        synchronized (this) {
            events.add(e);
            if (LabSkews.isSkew(e)) {
                skews.add(e);
            }
        }
        file.accept(e);
    }

    /** The offsets the lab set on its workers' clocks so far. */
    synchronized LabSkews skews() {
        return skews.isEmpty() ? LabSkews.NONE : new LabSkews(skews);
    }

    /** One of the launcher's own records, now. */
    void lab(String mode, String detail, LabFact fact) {
        add(new Event(clock.instant(), Event.LAB, pid, null, mode, detail, fact));
    }

    /** A change of the lock's holder as its server shows it ({@code state} null: it cannot be observed). */
    void lock(LockState state, String mode, String line) {
        if (state != null) {
            lab(
                    mode,
                    line,
                    new LabFact.Lock(state.key(), state.holder(), state.ttlMillis() < 0 ? null : state.ttlMillis()));
        }
    }

    /** Everything recorded from {@code from} on (null: from the start). */
    public synchronized List<Event> since(Instant from) {
        if (from == null) {
            return List.copyOf(events);
        }
        List<Event> out = new ArrayList<>();
        for (Event e : events) {
            if (!e.ts().isBefore(from)) {
                out.add(e);
            }
        }
        return out;
    }
}
