package lab.guard.redis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.guard.LockEvent;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Giving a Redis lock back, the safe way or the trap: a compare-and-delete script deletes the key only while it
 * still holds our owner value; a plain {@code DEL} deletes whoever holds the lock by then. Also the one way to
 * extend a lease (compare-and-pexpire) or leave it to expire at an instant (compare-and-pexpireat).
 */
final class RedisRelease {
    /** Sets the key's expiry only if it still holds our owner value: the lease is extended, or left to run out. */
    static final String COMPARE_AND_PEXPIRE =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

    /** Sets the key's expiry to an instant only if it still holds our owner value: left to expire then. */
    static final String COMPARE_AND_PEXPIREAT =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpireat', KEYS[1], ARGV[2]) else return 0 end";

    /** Deletes the key only if it still holds our owner value: atomically, so no one else's lock is deleted. */
    static final String COMPARE_AND_DELETE =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

    private final String worker;
    private final Duration ttl;
    private final boolean safe;
    private final Clock clock;

    RedisRelease(String worker, Duration ttl, boolean safe, Clock clock) {
        this.worker = worker;
        this.ttl = ttl;
        this.safe = safe;
        this.clock = clock;
    }

    LockEvent release(JedisPool pool, String key, String owner) {
        try {
            return RedisLocks.retriedNow(
                    pool, jedis -> safe ? compareAndDelete(jedis, key, owner) : delete(jedis, key, owner));
        } catch (JedisException e) {
            return new LockEvent(
                    worker + " - redis lock '" + key + "' not released: " + RedisLocks.reason(e)
                            + "; it expires in at most " + ttl.toMillis() + " ms",
                    GivenBack.Error.ofLock(key, owner, null));
        }
    }

    /** Extends our key's lease to {@code in} from now, if it is still ours: RENEWED, LOST, or ERROR. */
    LockEvent renew(JedisPool pool, String key, String owner, Duration in) {
        String command = "EVAL compare-and-pexpire " + key + " " + owner + " " + in.toMillis();
        try {
            return RedisLocks.retriedNow(pool, jedis -> renewed(jedis, key, owner, in, command));
        } catch (JedisException e) {
            return notSet(key, owner, e);
        }
    }

    private LockEvent renewed(Jedis jedis, String key, String owner, Duration in, String command) {
        // Counted from before the call, as a grant's expiry is (RedisLock): the earliest the lease could now end.
        Instant sent = clock.instant();
        Object set = jedis.eval(COMPARE_AND_PEXPIRE, List.of(key), List.of(owner, Long.toString(in.toMillis())));
        if (Long.valueOf(1).equals(set)) {
            return new LockEvent(
                    worker + " - " + command + " → 1: lease extended, " + in.toMillis() + " ms from now",
                    new LockFact.Renewed(key, owner, sent.plus(in), null, false));
        }
        return lost(jedis, key, owner, " when the watchdog renewed it", command);
    }

    /**
     * Leaves our key to expire at {@code at} (PEXPIREAT, milliseconds since the epoch), if it is still ours: RELEASED
     * with {@code how: expires}, LOST, or ERROR. An instant in the past deletes it at once. The lab's windows are
     * wall-clock windows, so this asks of the Redis host's clock what the cron triggers already ask of every
     * worker's: that it agrees.
     */
    LockEvent expireAt(JedisPool pool, String key, String owner, Instant at) {
        long epochMs = at.toEpochMilli();
        String command = "EVAL compare-and-pexpireat " + key + " " + owner + " " + epochMs;
        try {
            return RedisLocks.retriedNow(pool, jedis -> expiring(jedis, key, owner, at, command));
        } catch (JedisException e) {
            return notSet(key, owner, e);
        }
    }

    private LockEvent expiring(Jedis jedis, String key, String owner, Instant at, String command) {
        long epochMs = at.toEpochMilli();
        Object set = jedis.eval(COMPARE_AND_PEXPIREAT, List.of(key), List.of(owner, Long.toString(epochMs)));
        if (Long.valueOf(1).equals(set)) {
            return new LockEvent(
                    worker + " - " + command + " → 1: left to expire at " + at + " (in "
                            + Math.max(0, Duration.between(clock.instant(), at).toMillis()) + " ms), not deleted",
                    GivenBack.Released.of(key, owner, GivenBack.How.EXPIRES).expiresAt(at));
        }
        return lost(jedis, key, owner, "", command);
    }

    private LockEvent lost(Jedis jedis, String key, String owner, String when, String command) {
        String holder = jedis.get(key);
        return new LockEvent(
                worker + " - redis lock '" + key + "' was no longer ours" + when + " (now held by "
                        + (holder == null ? "nobody" : holder) + "); " + command + " → 0",
                GivenBack.Lost.of(key, owner, holder, null));
    }

    private LockEvent notSet(String key, String owner, JedisException e) {
        return new LockEvent(
                worker + " - redis lock '" + key + "' expiry not set: " + RedisLocks.reason(e),
                GivenBack.Error.ofLock(key, owner, null));
    }

    private LockEvent compareAndDelete(Jedis jedis, String key, String owner) {
        Object deleted = jedis.eval(COMPARE_AND_DELETE, List.of(key), List.of(owner));
        if (Long.valueOf(1).equals(deleted)) {
            return new LockEvent(
                    worker + " - EVAL compare-and-delete " + key + " " + owner + " → 1",
                    GivenBack.Released.of(key, owner, GivenBack.How.DELETED));
        }
        String holder = jedis.get(key);
        return new LockEvent(
                worker + " - redis lock '" + key + "' was no longer ours at release (expired after " + ttl.toMillis()
                        + " ms, deleted by another worker's unsafe release, or forgotten by a restart of Redis); now held by "
                        + (holder == null ? "nobody" : holder) + "; compare-and-delete → 0, nothing deleted",
                GivenBack.Lost.of(key, owner, holder, null));
    }

    private LockEvent delete(Jedis jedis, String key, String owner) {
        String holder = jedis.get(key);
        long deleted = jedis.del(key);
        boolean ours = owner.equals(holder);
        String whose = ours
                ? "our own lock"
                : holder == null ? "nothing: it had expired" : "the lock of " + holder + ", not ours";
        String said = worker + " - DEL " + key + " → " + deleted + " (deleted " + whose + ")";
        return ours
                ? new LockEvent(said, GivenBack.Released.of(key, owner, GivenBack.How.DELETED))
                : new LockEvent(said, GivenBack.Lost.of(key, owner, null, deleted == 0 ? null : holder));
    }
}
