package lab.guard.redis;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import lab.guard.Attempt;
import lab.guard.Fields;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.Tick;
import lab.protocol.Secrets;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * Mode {@code redis}: {@code SET scheduler_lock:<job> <owner> NX PX <ttl>} (or, with a per-tick key,
 * {@code scheduler_lock:<job>:<window start>}); a worker that does not get it skips the tick. Given back by
 * {@link RedisRelease}: compare-and-delete, or a plain {@code DEL} (a trap); or left to expire, when the lease
 * template holds it past the job.
 *
 * <p>Holder dies: the key stays until its TTL ends; until then every tick is skipped by everyone. Holder pauses
 * past the TTL: the key expires, a second worker takes it while the first is still in the job (an overlap),
 * and the first one's safe release finds the lock no longer its own. Redis down: every tick fails closed.
 */
public final class RedisLock implements LockMechanism<RedisLock.Owned> {
    private final String worker;
    private final long pid;
    private final String url;
    private final String job;
    private final boolean perTick;
    private final Duration ttl;
    private final RedisRelease release;
    private final Clock clock;
    private JedisPool pool;

    public RedisLock(
            String worker,
            long pid,
            String url,
            String job,
            boolean perTick,
            Duration ttl,
            boolean safeRelease,
            Clock clock) {
        this.worker = worker;
        this.pid = pid;
        this.url = url;
        this.job = job;
        this.perTick = perTick;
        this.ttl = ttl;
        this.clock = clock;
        this.release = new RedisRelease(worker, ttl, safeRelease, clock);
    }

    /** The key, held under this owner value. */
    public record Owned(String key, String owner, String acquired, String ranHow, Map<String, Object> fields)
            implements Lease {}

    @Override
    public void open() {
        pool = RedisLocks.open(url);
    }

    @Override
    public Attempt<Owned> acquire(Tick tick) {
        String key = perTick ? RedisLocks.key(job, tick.at()) : RedisLocks.key(job);
        String owner = worker + "-" + pid + "-" + UUID.randomUUID().toString().substring(0, 8);
        String set = "SET " + key + " " + owner + " NX PX " + ttl.toMillis();
        try (Jedis jedis = pool.getResource()) {
            if ("OK".equals(jedis.set(key, owner, SetParams.setParams().nx().px(ttl.toMillis())))) {
                return new Attempt.Granted<>(new Owned(
                        key,
                        owner,
                        worker + " - " + set + " → OK",
                        "ran after taking redis lock '" + key + "' as " + owner,
                        Fields.of(
                                "lock",
                                "redis",
                                "key",
                                key,
                                "owner",
                                owner,
                                "ttl_ms",
                                ttl.toMillis(),
                                "expires_at",
                                clock.instant().plus(ttl).toString())));
            }
            RedisLocks.Holder holder = RedisLocks.holderNow(jedis, key);
            return new Attempt.Refused<>(
                    worker + " - redis lock '" + key + "' not acquired: " + holder + " (" + set + " → nil)",
                    Fields.of("key", key, "holder", holder.owner(), "holder_ms_left", holder.msLeft()));
        } catch (JedisException e) {
            return new Attempt.Broken<>(worker + " - redis at " + Secrets.mask(url) + " unreachable: "
                    + RedisLocks.reason(e) + "; tick skipped (fail closed)");
        }
    }

    @Override
    public LockEvent release(Owned lease) {
        return release.release(pool, lease.key(), lease.owner());
    }

    @Override
    public boolean expires() {
        return true;
    }

    @Override
    public LockEvent expireIn(Owned lease, Duration in, boolean renewal) {
        return release.expireIn(pool, lease.key(), lease.owner(), in, renewal);
    }

    @Override
    public Duration term() {
        return ttl;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
