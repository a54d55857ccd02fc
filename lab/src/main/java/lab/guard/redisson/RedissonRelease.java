package lab.guard.redisson;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import lab.guard.Failures;
import lab.guard.LockEvent;
import lab.protocol.GivenBack;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * Giving a Redisson lock back: {@code unlock()} with the grant's thread id, or, for a hold, the hash left to expire at
 * an instant if our entry is still in it. What the hash says when the grant was no longer ours is {@link HashSays}'.
 */
final class RedissonRelease {
    /** Leaves our entry's hash to expire at an instant, if it is still ours; Redisson has no call for it. */
    static final String HEXISTS_AND_PEXPIREAT =
            "if redis.call('hexists', KEYS[1], ARGV[1]) == 1 then return redis.call('pexpireat', KEYS[1], ARGV[2])"
                    + " else return 0 end";

    private final String worker;
    private final String name;
    private final Duration ttl;
    private final Clock clock;
    private final HashSays said;

    RedissonRelease(String worker, String name, Duration ttl, Clock clock, HashSays said) {
        this.worker = worker;
        this.name = name;
        this.ttl = ttl;
        this.clock = clock;
        this.said = said;
    }

    LockEvent release(RedissonConnection c, RedissonGrant g) {
        String call = "unlock() of '" + name + "', entry " + g.entry();
        try {
            RedissonLock.await(c.client().getLock(name).unlockAsync(g.threadId()));
            return new LockEvent(
                    worker + " - Redisson's " + call + " → hold count 0, hash deleted: free",
                    GivenBack.Released.of(name, g.owner(), GivenBack.How.UNLOCK));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IllegalMonitorStateException) {
                return said.lost(c, g.owner(), call + " threw IllegalMonitorStateException");
            }
            return notReleased(g, e);
        } catch (TimeoutException | RuntimeException e) {
            return notReleased(g, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return notReleased(g, e);
        }
    }

    private LockEvent notReleased(RedissonGrant g, Exception e) {
        return new LockEvent(
                worker + " - Redisson's lock '" + name + "' not released: " + Failures.rootCause(e) + "; it expires in"
                        + " at most " + ttl.toMillis() + " ms",
                GivenBack.Error.ofLock(name, g.owner(), null));
    }

    /**
     * Leaves the hash to expire at {@code at} instead of unlocking it, if our entry is still in it. Only without the
     * watchdog: Redisson stops renewing only on {@code unlock()}, so the mode refuses a hold with renew on.
     */
    LockEvent expireAt(RedissonConnection c, RedissonGrant g, Instant at) {
        long ms = at.toEpochMilli();
        String call = "EVAL hexists-and-pexpireat " + name + " " + g.entry() + " " + ms;
        try {
            Object set = c.client()
                    .getScript(StringCodec.INSTANCE)
                    .eval(
                            RScript.Mode.READ_WRITE,
                            HEXISTS_AND_PEXPIREAT,
                            RScript.ReturnType.LONG,
                            List.of(name),
                            g.entry(),
                            Long.toString(ms));
            if (Long.valueOf(1).equals(set)) {
                return new LockEvent(
                        worker + " - " + call + " → 1: left to expire at " + at + " (in "
                                + Math.max(
                                        0, Duration.between(clock.instant(), at).toMillis()) + " ms), not unlocked",
                        GivenBack.Released.of(name, g.owner(), GivenBack.How.EXPIRES)
                                .expiresAt(at));
            }
            return said.lost(c, g.owner(), call + " → 0");
        } catch (RuntimeException e) {
            return new LockEvent(
                    worker + " - Redisson's lock '" + name + "' expiry not set: " + Failures.rootCause(e),
                    GivenBack.Error.ofLock(name, g.owner(), null));
        }
    }
}
