package lab.guard.redis;

import java.time.Duration;
import java.util.List;
import lab.guard.LockEvent;
import lab.protocol.EventType;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Giving a Redis lock back, the safe way or the trap: a compare-and-delete script deletes the key only while it
 * still holds our owner value; a plain {@code DEL} deletes whoever holds the lock by then.
 */
final class RedisRelease {
    /** Sets the key's expiry only if it still holds our owner value: the lease is extended, or left to run out. */
    static final String COMPARE_AND_PEXPIRE =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

    /** Deletes the key only if it still holds our owner value: atomically, so no one else's lock is deleted. */
    static final String COMPARE_AND_DELETE =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

    private final String worker;
    private final String key;
    private final Duration ttl;
    private final boolean safe;

    RedisRelease(String worker, String key, Duration ttl, boolean safe) {
        this.worker = worker;
        this.key = key;
        this.ttl = ttl;
        this.safe = safe;
    }

    LockEvent release(JedisPool pool, String owner) {
        try (Jedis jedis = pool.getResource()) {
            return safe ? compareAndDelete(jedis, owner) : delete(jedis, owner);
        } catch (JedisException e) {
            return new LockEvent(
                    EventType.ERROR,
                    worker + " - redis lock '" + key + "' not released: " + RedisLocks.reason(e)
                            + "; it expires in at most " + ttl.toMillis() + " ms");
        }
    }

    /**
     * Leaves our key to expire in {@code in} instead of deleting it: RELEASED when it was still ours (the lock is
     * free in {@code in}), LOST when it was not, ERROR when Redis could not be asked.
     */
    LockEvent expireIn(JedisPool pool, String owner, Duration in) {
        try (Jedis jedis = pool.getResource()) {
            Object set = jedis.eval(COMPARE_AND_PEXPIRE, List.of(key), List.of(owner, Long.toString(in.toMillis())));
            String command = "EVAL compare-and-pexpire " + key + " " + owner + " " + in.toMillis();
            if (Long.valueOf(1).equals(set)) {
                return new LockEvent(
                        EventType.RELEASED,
                        worker + " - " + command + " → 1: left to expire in " + in.toMillis() + " ms, not deleted");
            }
            String holder = jedis.get(key);
            return new LockEvent(
                    EventType.LOST,
                    worker + " - redis lock '" + key + "' was no longer ours (now held by "
                            + (holder == null ? "nobody" : holder) + "); " + command + " → 0");
        } catch (JedisException e) {
            return new LockEvent(
                    EventType.ERROR, worker + " - redis lock '" + key + "' expiry not set: " + RedisLocks.reason(e));
        }
    }

    private LockEvent compareAndDelete(Jedis jedis, String owner) {
        Object deleted = jedis.eval(COMPARE_AND_DELETE, List.of(key), List.of(owner));
        if (Long.valueOf(1).equals(deleted)) {
            return new LockEvent(
                    EventType.RELEASED, worker + " - EVAL compare-and-delete " + key + " " + owner + " → 1");
        }
        String holder = jedis.get(key);
        return new LockEvent(
                EventType.LOST,
                worker + " - redis lock '" + key + "' was no longer ours at release (expired after " + ttl.toMillis()
                        + " ms, or deleted by another worker's unsafe release); now held by "
                        + (holder == null ? "nobody" : holder) + "; compare-and-delete → 0, nothing deleted");
    }

    private LockEvent delete(Jedis jedis, String owner) {
        String holder = jedis.get(key);
        long deleted = jedis.del(key);
        String whose = owner.equals(holder)
                ? "our own lock"
                : holder == null ? "nothing: it had expired" : "the lock of " + holder + ", not ours";
        return new LockEvent(
                owner.equals(holder) ? EventType.RELEASED : EventType.LOST,
                worker + " - DEL " + key + " → " + deleted + " (deleted " + whose + ")");
    }
}
