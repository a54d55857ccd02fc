package lab.guard.redis;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;
import lab.guard.Clients;
import lab.guard.Failures;
import lab.guard.LockNames;
import lab.protocol.Secrets;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;

/** What the Redis guard and the Redis observer share: the key, a small pool, and how to explain a failure. */
public final class RedisLocks {
    private RedisLocks() {}

    public static String key(String job) {
        return LockNames.key(job);
    }

    /** Fixed width, so that the keys of a job sort by their tick as text too. */
    private static final DateTimeFormatter TICK =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /** The key of one tick: {@code scheduler_lock:tick:2026-12-01T07:34:10.000Z}. */
    public static String key(String job, Instant tick) {
        return key(job) + ":" + TICK.format(tick);
    }

    /** Who held a key at one moment, as a refusal tells it. */
    record Holder(String owner, Long msLeft) {
        @Override
        public String toString() {
            return owner == null
                    ? "released by its holder a moment ago"
                    : "held by " + owner + ", " + msLeft + " ms left";
        }
    }

    /** Two idle connections (four at most): one tick at a time, plus a release that may overlap the next acquire. */
    static JedisPool pool(String url) {
        GenericObjectPoolConfig<Jedis> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(4);
        config.setMaxIdle(2);
        config.setMinIdle(0);
        config.setMaxWait(Duration.ofSeconds(2));
        config.setJmxEnabled(false);
        return new JedisPool(config, URI.create(url), 2_000);
    }

    /**
     * The worker's pool for {@code url}, opened the first time and kept in {@code clients}, once it answered PING;
     * throws saying why when the server cannot be reached (the pool stays: it reconnects when the server is back).
     */
    static JedisPool open(Clients clients, String url) {
        if (url == null) {
            throw new IllegalStateException("no Redis server is known to this worker");
        }
        JedisPool pool = clients.get("redis " + url, JedisPool.class, () -> pool(url));
        try {
            // The kept pool may hold connections that died with a restarted Redis: the PING drops them and asks again
            // on a fresh one, as a tick's call does, or a switch after a restart would be refused for a dead socket.
            retriedNow(pool, Jedis::ping);
            return pool;
        } catch (JedisException e) {
            throw new IllegalStateException("redis at " + Secrets.mask(url) + " unreachable: " + reason(e), e);
        }
    }

    /** One exchange with Redis on a pooled connection. */
    @FunctionalInterface
    interface Call<T> {
        T on(Jedis jedis) throws InterruptedException;
    }

    /**
     * Runs {@code call} on a pooled connection; when that connection turns out to have died with its server (Redis was
     * restarted since the pool opened it), the pool's idle connections, dead too, are dropped and the call runs once
     * more on a fresh one. So the first tick after a restart runs normally, and no check costs a round trip on every
     * tick. A server still down fails the second try as it failed the first.
     */
    static <T> T retried(JedisPool pool, Call<T> call) throws InterruptedException {
        try (Jedis jedis = pool.getResource()) {
            return call.on(jedis);
        } catch (JedisConnectionException e) {
            pool.clear();
        }
        try (Jedis jedis = pool.getResource()) {
            return call.on(jedis);
        }
    }

    /** {@link #retried} for a call that cannot be interrupted. */
    static <T> T retriedNow(JedisPool pool, Function<Jedis, T> call) {
        try {
            return retried(pool, call::apply);
        } catch (InterruptedException e) {
            throw new IllegalStateException("not interruptible", e); // the function cannot throw it
        }
    }

    /** Who holds {@code key} now and for how long, in the words of a refusal. */
    static Holder holderNow(Jedis jedis, String key) {
        String holder = jedis.get(key);
        long left = jedis.pttl(key);
        // Two reads, not one: the holder may release between them, and the sentence must not say both.
        return holder == null || left < 0 ? new Holder(null, null) : new Holder(holder, left);
    }

    static String reason(Throwable e) {
        return Failures.rootCause(e);
    }
}
