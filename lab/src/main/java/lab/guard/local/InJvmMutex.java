package lab.guard.local;

import java.util.concurrent.locks.ReentrantLock;
import lab.guard.Attempt;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.Tick;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import lab.protocol.LockOwner;
import lab.protocol.WorkerFact;

/**
 * Mode {@code local-mutex}: a lock that lives in this JVM ({@code tryLock}, skip when taken) — the Java
 * counterpart of APScheduler's {@code max_instances=1}. It keeps two runs of one worker apart; the other
 * workers are other processes with mutexes of their own, so it excludes nothing across them.
 * Holder dies: the lock dies with its process. Holder pauses: no one else in that JVM can enter; every other
 * worker still runs. Store down: there is no store.
 */
public final class InJvmMutex implements LockMechanism<InJvmMutex.Held> {
    /** JVM-wide on purpose: every guard built in this process shares it, as a module-level lock would. */
    private static final ReentrantLock MUTEX = new ReentrantLock();

    private final String worker;
    private final String owner;

    public InJvmMutex(String worker, long pid) {
        this.worker = worker;
        this.owner = LockOwner.of(worker, pid).toString();
    }

    /** The mutex, held by the thread that runs the job. */
    public record Held(String acquired, String ranHow, LockFact.Acquired granted) implements Lease {}

    @Override
    public Attempt<Held> acquire(Tick tick) {
        if (!MUTEX.tryLock()) {
            return new Attempt.Refused<>(
                    worker + " - in-JVM mutex not acquired: this worker is already running the job",
                    WorkerFact.Skipped.held("mutex:" + owner, owner, null, null));
        }
        return new Attempt.Granted<>(new Held(
                worker + " - in-JVM mutex acquired (ReentrantLock.tryLock() → true)",
                "ran under its own in-JVM mutex",
                LockFact.Acquired.of(LocalMutexMode.LOCK, "mutex:" + owner, owner)));
    }

    @Override
    public LockEvent release(Held lease) {
        MUTEX.unlock();
        return new LockEvent(
                worker + " - in-JVM mutex released (unlock())",
                GivenBack.Released.of("mutex:" + owner, owner, GivenBack.How.UNLOCK));
    }
}
