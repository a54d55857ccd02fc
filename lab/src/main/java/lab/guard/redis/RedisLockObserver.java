package lab.guard.redis;

import java.util.List;
import lab.guard.LockObserver;
import lab.guard.LockState;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;

/** Reads the Redis lock from outside, as a learner would with {@code redis-cli}: {@code GET} and {@code PTTL}. */
public final class RedisLockObserver implements LockObserver {
    private final String key;
    private final JedisPool pool;

    public RedisLockObserver(String url, String job) {
        this.key = RedisLocks.key(job);
        this.pool = RedisLocks.pool(url);
    }

    /**
     * The holder and the time left; throws {@link IllegalStateException} naming the reason when Redis is down. With
     * per-tick keys the job's own key is absent, and the newest tick's key is shown instead.
     */
    @Override
    public LockState observe() {
        try {
            return RedisLocks.retriedNow(pool, this::observe);
        } catch (JedisException e) {
            throw new IllegalStateException("redis unreachable: " + RedisLocks.reason(e), e);
        }
    }

    private LockState observe(Jedis jedis) {
        String shown = key;
        String holder = jedis.get(key);
        if (holder == null) {
            // Few keys live at once (a tick's key expires half a period after its window): KEYS is cheap here.
            shown = jedis.keys(key + ":*").stream()
                    .filter(k -> !k.equals(key + ":fence")) // the fenced mode's counter (FencingCounter) is no lock
                    .max(String::compareTo)
                    .orElse(key);
            holder = shown.equals(key) ? null : jedis.get(shown);
        }
        long ttl = holder == null ? -1 : jedis.pttl(shown);
        return new LockState(RedisMode.LOCK, shown, holder, ttl, List.of());
    }

    @Override
    public void close() {
        pool.close();
    }
}
