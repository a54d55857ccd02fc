package lab.guard;

import lab.protocol.EventType;

/** What a mechanism says happened when it gave a lock back: released, lost (not ours any more), or an error. */
public record LockEvent(EventType type, String detail) {}
