package lab.guard;

import java.util.OptionalLong;
import lab.protocol.LockFact;

/** A lock that one mechanism granted for one tick: held while the job runs, then given back through it. */
public interface Lease {
    /** The acquired event's sentence, the command as a learner would type it: {@code w1 - SET … NX PX 60000 → OK}. */
    String acquired();

    /** How the job ran under it, for the executed sentence: {@code ran holding advisory lock 42}. */
    String ranHow();

    /** The facts of the acquired event as the mechanism knows them; the template adds its times. */
    LockFact.Acquired granted();

    /** The fencing token this grant came with, for a lock that issues one; the job's write carries it. */
    default OptionalLong token() {
        return OptionalLong.empty();
    }
}
