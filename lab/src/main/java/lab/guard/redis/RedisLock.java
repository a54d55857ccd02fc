package lab.guard.redis;

import java.time.Duration;
import java.util.UUID;
import lab.guard.Attempt;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.Tick;
import lab.protocol.EventType;
import lab.protocol.Secrets;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * Mode {@code redis}: {@code SET scheduler_lock:<job> <owner> NX PX <ttl>}; a worker that does not get it skips
 * the tick. Given back by {@link RedisRelease}: compare-and-delete, or a plain {@code DEL} (a trap).
 *
 * <p>Holder dies: the key stays until its TTL ends; until then every tick is skipped by everyone. Holder pauses
 * past the TTL: the key expires, a second worker takes it while the first is still in the job (an overlap),
 * and the first one's safe release finds the lock no longer its own. Redis down: every tick fails closed.
 */
public final class RedisLock implements LockMechanism<RedisLock.Owned> {
    private final String worker;
    private final long pid;
    private final String url;
    private final String key;
    private final Duration ttl;
    private final RedisRelease release;
    private JedisPool pool;

    public RedisLock(String worker, long pid, String url, String job, Duration ttl, boolean safeRelease) {
        this.worker = worker;
        this.pid = pid;
        this.url = url;
        this.key = RedisLocks.key(job);
        this.ttl = ttl;
        this.release = new RedisRelease(worker, key, ttl, safeRelease);
    }

    /** The key, held under this owner value. */
    public record Owned(String owner, String acquired, String ranHow) implements Lease {}

    @Override
    public void open() {
        pool = RedisLocks.open(url);
    }

    @Override
    public Attempt<Owned> acquire(Tick tick) {
        String owner = worker + "-" + pid + "-" + UUID.randomUUID().toString().substring(0, 8);
        String set = "SET " + key + " " + owner + " NX PX " + ttl.toMillis();
        try (Jedis jedis = pool.getResource()) {
            if ("OK".equals(jedis.set(key, owner, SetParams.setParams().nx().px(ttl.toMillis())))) {
                return new Attempt.Granted<>(new Owned(
                        owner,
                        worker + " - " + set + " → OK",
                        "ran after taking redis lock '" + key + "' as " + owner));
            }
            return new Attempt.Refused<>(worker + " - redis lock '" + key + "' not acquired: "
                    + RedisLocks.holderNow(jedis, key) + " (" + set + " → nil)");
        } catch (JedisException e) {
            return new Attempt.Broken<>(worker + " - redis at " + Secrets.mask(url) + " unreachable: "
                    + RedisLocks.reason(e) + "; tick skipped (fail closed)");
        }
    }

    @Override
    public LockEvent release(Owned lease) {
        return release.release(pool, lease.owner());
    }

    /** The key is left to expire after the hold: it is free then, whoever is still running. */
    @Override
    public LockEvent releaseAfter(Owned lease, Duration hold) {
        return hold.toMillis() <= 0 ? release(lease) : release.expireIn(pool, lease.owner(), hold);
    }

    @Override
    public boolean extend(Owned lease) {
        return release.expireIn(pool, lease.owner(), ttl).type() == EventType.RELEASED;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
