package lab.guard.redisson;

import java.util.List;
import lab.guard.Attempt;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.protocol.GivenBack;
import lab.protocol.WorkerFact;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * What Redisson's hash says after one of its calls, in the lab's words and facts: {@code tryLock} answers false and
 * {@code unlock()} throws {@code IllegalMonitorStateException}, neither saying who holds the lock; the hash does.
 */
final class HashSays {
    private final String worker;
    private final String name;
    private final String job;
    private final boolean fenced;

    HashSays(String worker, String name, String job, boolean fenced) {
        this.worker = worker;
        this.name = name;
        this.job = job;
        this.fenced = fenced;
    }

    /** The hash now, or null when it cannot be read: the sentence then says less, the tick is not changed by it. */
    RedissonHash.Snapshot read(RedissonConnection c) {
        try {
            Object r = c.client()
                    .getScript(StringCodec.INSTANCE)
                    .eval(
                            RScript.Mode.READ_ONLY,
                            RedissonHash.READ,
                            RScript.ReturnType.LIST,
                            List.<Object>of(name, RedissonNames.owners(job)));
            return RedissonHash.parse(r);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Redisson said no: the hash, read after, says who holds it and for how long. */
    <L extends Lease> Attempt<L> refused(RedissonConnection c, String call, long waitedMs, boolean waited) {
        RedissonHash.Snapshot h = read(c);
        String holder = h == null ? null : h.holder();
        Long left = h == null || h.free() ? null : h.pttl();
        String who = h == null
                ? "held, by whom the hash could not say"
                : h.free()
                        ? "given back a moment ago (the hash is gone)"
                        : "held by " + h.shown() + " (owner entry → hold count), " + left + " ms left";
        return new Attempt.Refused<>(
                worker + " - Redisson's lock '" + name + "' not acquired: " + who + "; " + call + " → "
                        + (fenced ? "null" : "false") + (waited ? " after waiting " + waitedMs + " ms" : ""),
                WorkerFact.Skipped.held(name, holder, left, waitedMs));
    }

    /** Our entry is gone from the hash: the lease ran out while the job ran, and maybe another worker holds it now. */
    LockEvent lost(RedissonConnection c, String owner, String said) {
        RedissonHash.Snapshot h = read(c);
        String holder = h == null ? null : h.holder();
        return new LockEvent(
                worker + " - Redisson's lock '" + name + "' was no longer ours (its lease ran out during the job; now"
                        + " held by " + (holder == null ? "nobody" : h.shown()) + "); " + said,
                GivenBack.Lost.of(name, owner, holder, null));
    }
}
