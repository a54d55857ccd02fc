package lab.guard.redis;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.Jobs;
import lab.guard.LockListener;
import lab.guard.Outcome;
import lab.guard.Permit;
import lab.guard.Tick;
import lab.protocol.EventType;
import lab.protocol.Secrets;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * Mode {@code redis}: {@code SET scheduler_lock:<job> <owner> NX PX <ttl>}; a worker that does not get it skips
 * the tick. Released by a compare-and-delete script ({@code release safe}), or by a plain {@code DEL}
 * ({@code release unsafe}, a trap: it deletes whoever holds the lock by then).
 *
 * <p>Holder dies: the key stays until its TTL ends; until then every tick is skipped by everyone. Holder pauses
 * past the TTL: the key expires, a second worker takes it while the first is still in the job (an overlap),
 * and the first one's safe release finds the lock no longer its own. Redis down: every tick fails closed.
 */
public final class RedisLockGuard implements Guard {
    /** Deletes the key only if it still holds our owner value: atomically, so no one else's lock is deleted. */
    static final String COMPARE_AND_DELETE =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

    private final String worker;
    private final long pid;
    private final String url;
    /** The URL as a line may name it: its password masked. */
    private final String where;

    private final String key;
    private final Duration ttl;
    private final boolean safeRelease;
    private final Permit permit;
    private final LockListener listener;
    private JedisPool pool;

    public RedisLockGuard(
            String worker,
            long pid,
            String url,
            String job,
            Duration ttl,
            boolean safeRelease,
            boolean recheck,
            LockListener listener) {
        this.permit = new Permit(recheck, OptionalLong.empty());
        this.worker = worker;
        this.pid = pid;
        this.url = url;
        this.where = Secrets.mask(url);
        this.key = RedisLocks.key(job);
        this.ttl = ttl;
        this.safeRelease = safeRelease;
        this.listener = listener;
    }

    @Override
    public void open() {
        if (url == null) {
            throw new IllegalStateException("no Redis server is known to this worker");
        }
        pool = RedisLocks.pool(url);
        try (Jedis jedis = pool.getResource()) {
            jedis.ping();
        } catch (JedisException e) {
            pool.close();
            throw new IllegalStateException("redis at " + where + " unreachable: " + RedisLocks.reason(e), e);
        }
    }

    @Override
    public Outcome run(Tick tick, Job job) {
        String owner = worker + "-" + pid + "-" + UUID.randomUUID().toString().substring(0, 8);
        String set = "SET " + key + " " + owner + " NX PX " + ttl.toMillis();
        try (Jedis jedis = pool.getResource()) {
            String answer = jedis.set(key, owner, SetParams.setParams().nx().px(ttl.toMillis()));
            if (!"OK".equals(answer)) {
                String holder = jedis.get(key);
                long left = jedis.pttl(key);
                // Two reads, not one: the holder may release between them, and the sentence must not say both.
                String state = holder == null || left < 0
                        ? "released by its holder a moment ago"
                        : "held by " + holder + ", " + left + " ms left";
                return new Outcome.Skipped(
                        worker + " - redis lock '" + key + "' not acquired: " + state + " (" + set + " → nil)");
            }
            listener.on(EventType.ACQUIRED, tick, worker + " - " + set + " → OK");
        } catch (JedisException e) {
            return new Outcome.Failed(worker + " - redis at " + where + " unreachable: " + RedisLocks.reason(e)
                    + "; tick skipped (fail closed)");
        }
        Outcome outcome = Jobs.run(worker, job, tick, permit, "ran after taking redis lock '" + key + "' as " + owner);
        release(tick, owner);
        return outcome;
    }

    private void release(Tick tick, String owner) {
        try (Jedis jedis = pool.getResource()) {
            if (safeRelease) {
                Object deleted = jedis.eval(COMPARE_AND_DELETE, List.of(key), List.of(owner));
                if (Long.valueOf(1).equals(deleted)) {
                    listener.on(
                            EventType.RELEASED,
                            tick,
                            worker + " - EVAL compare-and-delete " + key + " " + owner + " → 1");
                } else {
                    String holder = jedis.get(key);
                    listener.on(
                            EventType.LOST,
                            tick,
                            worker + " - redis lock '" + key + "' was no longer ours at"
                                    + " release (expired after " + ttl.toMillis()
                                    + " ms, or deleted by another worker's"
                                    + " unsafe release); now held by " + (holder == null ? "nobody" : holder)
                                    + "; compare-and-delete → 0, nothing deleted");
                }
            } else {
                String holder = jedis.get(key);
                long deleted = jedis.del(key);
                String whose = owner.equals(holder)
                        ? "our own lock"
                        : holder == null ? "nothing: it had expired" : "the lock of " + holder + ", not ours";
                listener.on(
                        owner.equals(holder) ? EventType.RELEASED : EventType.LOST,
                        tick,
                        worker + " - DEL " + key + " → " + deleted + " (deleted " + whose + ")");
            }
        } catch (JedisException e) {
            listener.on(
                    EventType.ERROR,
                    tick,
                    worker + " - redis lock '" + key + "' not released: " + RedisLocks.reason(e)
                            + "; it expires in at most " + ttl.toMillis() + " ms");
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
