package lab.guard;

import java.util.Optional;

/**
 * A guard's client opened again by a tick, when its server was down at the switch: the switch went through with the
 * guard unopened, and each tick tries once more, since the server may be back. Until it is, the tick fails closed with
 * the reason this returns.
 */
public final class Reopening {
    /** Opens the client; throws saying why it cannot. */
    @FunctionalInterface
    public interface Open {
        void open() throws Exception;
    }

    private Reopening() {}

    /** Empty once {@code open} succeeded; else what stopped it. An interrupt is the worker stopping, not a server down. */
    public static Optional<Exception> failure(Open open) throws InterruptedException {
        try {
            open.open();
            return Optional.empty();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return Optional.of(e);
        }
    }
}
