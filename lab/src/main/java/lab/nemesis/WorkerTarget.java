package lab.nemesis;

import java.time.Instant;

/**
 * Which worker a fault hurts: one by id ({@code w2}), or {@code holder}, whoever holds the lock when the fault
 * lands (chosen then, not when the step was written).
 *
 * @param id a worker id, or null for the holder
 * @param tickFrom for the holder: only the holder of a tick that begins at or after this instant will do, or null
 *     for whoever holds it now. A scenario sets it to the step's own moment, so that the tick its fault hurts lies
 *     whole inside any span marked before the step (a span counts only windows that begin after its mark).
 */
public record WorkerTarget(String id, Instant tickFrom) {
    public static final String HOLDER = "holder";

    public static WorkerTarget holder() {
        return new WorkerTarget(null, null);
    }

    public static WorkerTarget of(String text) {
        return HOLDER.equals(text) ? holder() : new WorkerTarget(text, null);
    }

    public boolean isHolder() {
        return id == null;
    }

    /** The same target; for the holder, the holder of a tick that begins at or after {@code at}. */
    public WorkerTarget fromTickAt(Instant at) {
        return isHolder() ? new WorkerTarget(null, at) : this;
    }

    @Override
    public String toString() {
        return isHolder() ? HOLDER : id;
    }
}
