package lab.guard.redis;

import lab.protocol.Secrets;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The fencing counter: {@code scheduler_lock:<job>:fence}, one {@code INCR} per grant of the lock. The lab's Redis
 * keeps nothing across a restart (a lock key must not outlive it), so the counter would start again from 1 and hand
 * a holder a token issued before. The launcher therefore sets it, before any worker may take the lock, to at least the
 * highest token issued in the session (each is written down in the store before it is used); a fenced acquire finds
 * no counter and fails closed until it has.
 */
public final class FencingCounter {
    private FencingCounter() {}

    /** Raises the counter to {@code floor} unless it is higher already; never lowers it. Answers what it is now. */
    private static final String RESTORE = "local c = tonumber(redis.call('GET', KEYS[1]) or '-1') "
            + "local f = tonumber(ARGV[1]) "
            + "if c < f then redis.call('SET', KEYS[1], ARGV[1]) return f end "
            + "return c";

    public static String key(String job) {
        return RedisLocks.key(job) + ":fence";
    }

    /**
     * Sets the counter of {@code job} at {@code url} to at least {@code floor}; throws saying why when Redis cannot be
     * reached.
     */
    public static long restore(String url, String job, long floor) {
        return restoreKey(url, key(job), floor);
    }

    /**
     * Sets the counter kept in {@code key} at {@code url} to at least {@code floor}: the lab's own, or a library's
     * (Redisson's fenced lock keeps its own, {@code INCR}ed the same way); throws saying why when Redis cannot be
     * reached.
     */
    public static long restoreKey(String url, String key, long floor) {
        try (JedisPool pool = RedisLocks.pool(url);
                Jedis jedis = pool.getResource()) {
            Object now = jedis.eval(RESTORE, 1, key, Long.toString(floor));
            return ((Number) now).longValue();
        } catch (JedisException e) {
            throw new IllegalStateException(
                    "redis at " + Secrets.mask(url) + " unreachable: " + RedisLocks.reason(e)
                            + "; fencing counter not restored",
                    e);
        }
    }
}
