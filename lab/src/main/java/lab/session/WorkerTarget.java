package lab.session;

/**
 * Which worker a fault hurts: one by id ({@code w2}), or {@code holder}, whoever holds the lock when the fault
 * lands (chosen then, not when the step was written).
 *
 * @param id a worker id, or null for the holder
 */
public record WorkerTarget(String id) {
    public static final String HOLDER = "holder";

    public static WorkerTarget holder() {
        return new WorkerTarget(null);
    }

    public static WorkerTarget of(String text) {
        return HOLDER.equals(text) ? holder() : new WorkerTarget(text);
    }

    public boolean isHolder() {
        return id == null;
    }

    @Override
    public String toString() {
        return isHolder() ? HOLDER : id;
    }
}
