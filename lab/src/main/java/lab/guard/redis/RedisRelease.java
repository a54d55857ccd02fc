package lab.guard.redis;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import lab.guard.Fields;
import lab.guard.LockEvent;
import lab.protocol.EventType;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Giving a Redis lock back, the safe way or the trap: a compare-and-delete script deletes the key only while it
 * still holds our owner value; a plain {@code DEL} deletes whoever holds the lock by then. Also the one way to
 * extend or shorten a lease: compare-and-pexpire.
 */
final class RedisRelease {
    /** Sets the key's expiry only if it still holds our owner value: the lease is extended, or left to run out. */
    static final String COMPARE_AND_PEXPIRE =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

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
        try (Jedis jedis = pool.getResource()) {
            return safe ? compareAndDelete(jedis, key, owner) : delete(jedis, key, owner);
        } catch (JedisException e) {
            return new LockEvent(
                    EventType.ERROR,
                    worker + " - redis lock '" + key + "' not released: " + RedisLocks.reason(e)
                            + "; it expires in at most " + ttl.toMillis() + " ms",
                    Fields.of("key", key, "owner", owner));
        }
    }

    /**
     * Sets our key to expire in {@code in}, if it is still ours: RENEWED (a renewal) or RELEASED (left to expire
     * instead of deleted) when it was, LOST when it was not, ERROR when Redis could not be asked.
     */
    LockEvent expireIn(JedisPool pool, String key, String owner, Duration in, boolean renewal) {
        try (Jedis jedis = pool.getResource()) {
            Object set = jedis.eval(COMPARE_AND_PEXPIRE, List.of(key), List.of(owner, Long.toString(in.toMillis())));
            String command = "EVAL compare-and-pexpire " + key + " " + owner + " " + in.toMillis();
            String expiresAt = clock.instant().plus(in).toString();
            if (Long.valueOf(1).equals(set)) {
                return renewal
                        ? new LockEvent(
                                EventType.RENEWED,
                                worker + " - " + command + " → 1: lease extended, " + in.toMillis() + " ms from now",
                                Fields.of("key", key, "owner", owner, "expires_at", expiresAt))
                        : new LockEvent(
                                EventType.RELEASED,
                                worker + " - " + command + " → 1: left to expire in " + in.toMillis()
                                        + " ms, not deleted",
                                Fields.of("key", key, "owner", owner, "how", "expires", "expires_at", expiresAt));
            }
            String holder = jedis.get(key);
            return new LockEvent(
                    EventType.LOST,
                    worker + " - redis lock '" + key + "' was no longer ours"
                            + (renewal ? " when the watchdog renewed it" : "") + " (now held by "
                            + (holder == null ? "nobody" : holder) + "); " + command + " → 0",
                    Fields.of("key", key, "owner", owner, "holder", holder));
        } catch (JedisException e) {
            return new LockEvent(
                    EventType.ERROR,
                    worker + " - redis lock '" + key + "' expiry not set: " + RedisLocks.reason(e),
                    Fields.of("key", key, "owner", owner));
        }
    }

    private LockEvent compareAndDelete(Jedis jedis, String key, String owner) {
        Object deleted = jedis.eval(COMPARE_AND_DELETE, List.of(key), List.of(owner));
        if (Long.valueOf(1).equals(deleted)) {
            return new LockEvent(
                    EventType.RELEASED,
                    worker + " - EVAL compare-and-delete " + key + " " + owner + " → 1",
                    Fields.of("key", key, "owner", owner, "how", "deleted"));
        }
        String holder = jedis.get(key);
        return new LockEvent(
                EventType.LOST,
                worker + " - redis lock '" + key + "' was no longer ours at release (expired after " + ttl.toMillis()
                        + " ms, or deleted by another worker's unsafe release); now held by "
                        + (holder == null ? "nobody" : holder) + "; compare-and-delete → 0, nothing deleted",
                Fields.of("key", key, "owner", owner, "holder", holder));
    }

    private LockEvent delete(Jedis jedis, String key, String owner) {
        String holder = jedis.get(key);
        long deleted = jedis.del(key);
        boolean ours = owner.equals(holder);
        String whose = ours
                ? "our own lock"
                : holder == null ? "nothing: it had expired" : "the lock of " + holder + ", not ours";
        return new LockEvent(
                ours ? EventType.RELEASED : EventType.LOST,
                worker + " - DEL " + key + " → " + deleted + " (deleted " + whose + ")",
                Fields.of(
                        "key",
                        key,
                        "owner",
                        owner,
                        "how",
                        ours ? "deleted" : null,
                        "deleted_owner",
                        ours || deleted == 0 ? null : holder));
    }
}
