package lab.guard.redis;

import java.util.List;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Runs one read-only Lua script on the lab's Redis through a small Jedis pool: for a mechanism whose own client the
 * launcher must not load (Redisson's Netty), so that its lock panel reads the lock's keys as {@code redis-cli} would,
 * in one step.
 */
public final class ScriptReader implements AutoCloseable {
    private final String script;
    private final JedisPool pool;

    public ScriptReader(String url, String script) {
        this.script = script;
        this.pool = RedisLocks.pool(url);
    }

    /** The script's answer on {@code keys}; throws {@link IllegalStateException} naming the reason when Redis is down. */
    public Object read(List<String> keys) {
        try {
            return RedisLocks.retriedNow(pool, jedis -> jedis.eval(script, keys, List.of()));
        } catch (JedisException e) {
            throw new IllegalStateException("redis unreachable: " + RedisLocks.reason(e), e);
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
