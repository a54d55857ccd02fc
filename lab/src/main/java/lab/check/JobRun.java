package lab.check;

import java.time.Instant;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import lab.protocol.Mode;
import lab.protocol.Trigger;
import lab.protocol.WorkerFact;
import lab.store.CounterRow;

/**
 * One row of the counter table with its mode as the recording describes it and what its worker said about that tick:
 * each event null when the recording has none (a worker killed mid-tick, or a mode that takes no lock).
 */
record JobRun(
        CounterRow row,
        ModeSeen mode,
        Heard<WorkerFact.Fired> fired,
        Heard<LockFact.Acquired> acquired,
        Heard<GivenBack.Released> released) {

    String who() {
        return row.worker();
    }

    /** The owner its lock was taken under, or null. */
    String owner() {
        return acquired == null ? null : acquired.fact().owner();
    }

    /** When the lock became free again: the release, or the expiry of a key left to expire; null when unknown. */
    Instant freeAt() {
        if (released == null) {
            return null;
        }
        return released.fact().how() == GivenBack.How.EXPIRES ? released.fact().expiresAt() : released.ts();
    }

    /** Whether it ran under the fallback lock: its lock's server was down and on-lock-error said local. */
    boolean fellBack() {
        return acquired != null && acquired.fact().fallback();
    }

    /** Whether the row's mode takes no lock that other processes see: {@code naive} or {@code local-mutex}. */
    boolean unsharedLock() {
        Mode.Sight sight = mode.sight();
        return sight != null
                && switch (sight) {
                    case NONE, EACH_PROCESS -> true;
                    case EACH_HOST, LEASE, QUEUE, CLUSTER, CALLS -> false;
                };
    }

    /** Whether the row's mode's lock is seen only through the calls the lab made to it: a learner's (mode exam). */
    boolean seenThroughCalls() {
        return mode.sight() == Mode.Sight.CALLS;
    }

    /** Whether the row's mode is a clustered job store's, which fires the schedule with no lock around the job. */
    boolean clustered() {
        return mode.sight() == Mode.Sight.CLUSTER;
    }

    boolean sameProcess(JobRun o) {
        return row.worker().equals(o.row.worker()) && row.pid() == o.row.pid();
    }

    /** Whether a clustered store re-ran it for a node it declared dead: Quartz's {@code isRecovering()}. */
    boolean recovers() {
        return fired != null && fired.fact().recovering();
    }

    /** Whether it fired on an interval trigger, each worker on its own phase. */
    boolean onInterval() {
        return fired != null && fired.fact().trigger() == Trigger.INTERVAL;
    }

    /** The lock it took, as people name it: {@code advisory lock 42}, {@code scheduler_lock:tick}. */
    String lock() {
        return lockName(acquired == null ? null : acquired.fact());
    }

    /** The same in a Chinese sentence: a lock named by its key keeps its name; one with no key is just "锁". */
    String lockZh() {
        return lockNameZh(acquired == null ? null : acquired.fact());
    }

    static String lockNameZh(LockFact.Acquired acquired) {
        return acquired == null || acquired.key() == null ? "锁" : lockName(acquired);
    }

    static String lockName(LockFact.Acquired acquired) {
        String key = acquired == null ? null : acquired.key();
        if (key == null) {
            return "the lock";
        }
        // The lock its events name (a fallback's is the local mutex, whatever the mode), as its mode declares it; a
        // recording's lock that no mode here declares is named by its key alone.
        return acquired.lock() == null ? key : acquired.lock().name(key);
    }
}
