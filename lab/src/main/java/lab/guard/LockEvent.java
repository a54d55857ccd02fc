package lab.guard;

import lab.protocol.EventType;
import lab.protocol.LockFact;

/**
 * What a mechanism says happened when it gave a lock back or extended it: released, renewed, lost (not ours any
 * more), or an error; {@code fact} is what the recording keeps.
 */
public record LockEvent(String detail, LockFact fact) {
    public EventType type() {
        return fact.type();
    }
}
