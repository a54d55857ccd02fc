package lab.nemesis;

import java.time.Instant;
import java.util.List;

/**
 * The one door every fault goes through: a dashboard key, a scenario's step, the soak, the matrix and the exam all come
 * through here, each fault alone or in a {@link Recipe} with its undo, and each is recorded (its {@code fault},
 * {@code server} or {@code restart} event) before its consequences.
 */
public interface Nemesis {
    /**
     * Does {@code fault} and says how it went; it never throws for a refusal, since a refused fault is part of the
     * story.
     */
    FaultResult inject(Fault fault);

    /**
     * Does {@code fault} aimed at a tick that begins at or after {@code now}: a fault on the holder never hurts a tick
     * that began before it, so that a mark just before it leaves the tick it hurts inside the span.
     */
    default FaultResult injectFrom(Instant now, Fault fault) {
        return inject(fault.fromTickAt(now));
    }

    /** The fault the server's key means now: stop it when it runs, else start it. */
    Fault toggle(ServerName server);

    /** The faults the partition key means now: heal every host that is cut off, else cut off the holder's host. */
    List<Fault> togglePartition(Instant now);
}
