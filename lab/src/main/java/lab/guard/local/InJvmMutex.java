package lab.guard.local;

import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import lab.guard.Attempt;
import lab.guard.Fields;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.Tick;
import lab.protocol.EventType;

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
        this.owner = worker + "-" + pid;
    }

    /** The mutex, held by the thread that runs the job. */
    public record Held(String acquired, String ranHow, Map<String, Object> fields) implements Lease {}

    @Override
    public Attempt<Held> acquire(Tick tick) {
        if (!MUTEX.tryLock()) {
            return new Attempt.Refused<>(
                    worker + " - in-JVM mutex not acquired: this worker is already running the job",
                    Fields.of("key", "mutex:" + owner, "holder", owner));
        }
        return new Attempt.Granted<>(new Held(
                worker + " - in-JVM mutex acquired (ReentrantLock.tryLock() → true)",
                "ran under its own in-JVM mutex",
                Fields.of("lock", "local", "key", "mutex:" + owner, "owner", owner)));
    }

    @Override
    public LockEvent release(Held lease) {
        MUTEX.unlock();
        return new LockEvent(
                EventType.RELEASED,
                worker + " - in-JVM mutex released (unlock())",
                Fields.of("key", "mutex:" + owner, "owner", owner, "how", "unlock"));
    }
}
