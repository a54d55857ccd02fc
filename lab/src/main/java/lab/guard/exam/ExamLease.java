package lab.guard.exam;

import java.util.OptionalLong;
import lab.guard.Lease;
import lab.protocol.LockFact;

/** A grant of the learner's lock, with the handle that gives it back and what it told of itself. */
record ExamLease(ExamLock.Handle handle, String acquired, LockFact.Acquired granted, OptionalLong token)
        implements Lease {
    @Override
    public String ranHow() {
        return "ran holding its own lock";
    }
}
