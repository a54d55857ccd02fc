package lab.guard;

import lab.protocol.WorkerFact;

/**
 * Where a guard reports its lock commands and their answers, as a learner would type them
 * ({@code SET scheduler_lock:tick w2-… NX PX 60000 → OK}), with the facts the recording keeps. Does nothing by
 * default.
 */
@FunctionalInterface
public interface LockListener {
    LockListener NONE = (tick, detail, fact) -> {};

    void on(Tick tick, String detail, WorkerFact fact);
}
