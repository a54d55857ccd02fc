package lab.guard.local;

import java.util.OptionalLong;
import java.util.concurrent.locks.ReentrantLock;
import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.Jobs;
import lab.guard.LockListener;
import lab.guard.Outcome;
import lab.guard.Permit;
import lab.guard.Tick;
import lab.protocol.EventType;

/**
 * Mode {@code local-mutex}: a lock that lives in this JVM ({@code tryLock}, skip when taken) — the Java
 * counterpart of APScheduler's {@code max_instances=1}. It keeps two runs of one worker apart; the other
 * workers are other processes with mutexes of their own, so it excludes nothing across them.
 * Holder dies: the lock dies with its process. Holder pauses: no one else in that JVM can enter; every other
 * worker still runs. Store down: there is no store.
 */
public final class InJvmMutexGuard implements Guard {
    /** JVM-wide on purpose: every guard built in this process shares it, as a module-level lock would. */
    private static final ReentrantLock MUTEX = new ReentrantLock();

    private final String worker;
    private final Permit permit;
    private final LockListener listener;

    public InJvmMutexGuard(String worker, boolean recheck, LockListener listener) {
        this.worker = worker;
        this.permit = new Permit(recheck, OptionalLong.empty());
        this.listener = listener;
    }

    @Override
    public Outcome run(Tick tick, Job job) {
        if (!MUTEX.tryLock()) {
            return new Outcome.Skipped(worker + " - in-JVM mutex not acquired: this worker is already running the job");
        }
        try {
            listener.on(EventType.ACQUIRED, tick, worker + " - in-JVM mutex acquired (ReentrantLock.tryLock() → true)");
            return Jobs.run(worker, job, tick, permit, "ran under its own in-JVM mutex");
        } finally {
            MUTEX.unlock();
            listener.on(EventType.RELEASED, tick, worker + " - in-JVM mutex released (unlock())");
        }
    }
}
