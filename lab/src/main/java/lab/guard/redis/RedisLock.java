package lab.guard.redis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import lab.guard.Attempt;
import lab.guard.Clients;
import lab.guard.GrantLetters;
import lab.guard.Lease;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.RoundTrip;
import lab.guard.Tick;
import lab.guard.Waiting;
import lab.protocol.LockFact;
import lab.protocol.LockOwner;
import lab.protocol.Secrets;
import lab.protocol.WorkerFact;
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
    private final boolean fenced;
    private final Duration wait;
    private JedisPool pool;
    private Clients clients = new Clients();
    private boolean ownsClients = true;

    /** The plain Redis lock: no token, and a worker that finds it taken skips at once. */
    public RedisLock(
            String worker,
            long pid,
            String url,
            String job,
            boolean perTick,
            Duration ttl,
            boolean safeRelease,
            Clock clock) {
        this(worker, pid, url, job, perTick, ttl, safeRelease, clock, false, Duration.ZERO);
    }

    /**
     * Takes the lock, and with {@code fenced} a token with it ({@code INCR} in the same script: no grant without a
     * token). Waits up to {@code wait} for a lock someone holds, trying again every {@link Waiting#POLL} (Redisson's
     * waiters wake on a release; polling is the plain way), before it skips.
     */
    public RedisLock(
            String worker,
            long pid,
            String url,
            String job,
            boolean perTick,
            Duration ttl,
            boolean safeRelease,
            Clock clock,
            boolean fenced,
            Duration wait) {
        this.fenced = fenced;
        this.wait = wait;
        this.worker = worker;
        this.pid = pid;
        this.url = url;
        this.job = job;
        this.perTick = perTick;
        this.ttl = ttl;
        this.clock = clock;
        this.release = new RedisRelease(worker, ttl, safeRelease, clock);
    }

    /**
     * The grant and the token in one script: the lock is taken only if the fencing counter exists (the launcher
     * restored it after any restart of Redis), and its token is counted in the same step. -1: no counter; when held,
     * who holds it and for how long, read in the same step too: read after, the key may be gone by then.
     */
    private static final String FENCED_SET = "if redis.call('EXISTS', KEYS[2]) == 0 then return -1 end "
            + "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('INCR', KEYS[2]) end "
            + "return {redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1])}";

    /** One try's answer: the token (0 when held, -1 when there is no fencing counter) and, when held, by whom. */
    private record Try(long token, RedisLocks.Holder holder) {}

    /** The key, held under this owner value; {@code fence} the token it came with, or 0 when not fenced. */
    public record Owned(String key, String owner, long fence, String acquired, String ranHow, LockFact.Acquired granted)
            implements Lease {
        @Override
        public OptionalLong token() {
            return fence > 0 ? OptionalLong.of(fence) : OptionalLong.empty();
        }
    }

    /**
     * Takes its pool from the worker's {@code shared} clients, which outlive it: a switch then keeps the connections,
     * and {@link #close} leaves them open. Without it the lock opens and closes a pool of its own.
     */
    public RedisLock sharing(Clients shared) {
        this.clients = shared;
        this.ownsClients = false;
        return this;
    }

    @Override
    public void open() {
        pool = RedisLocks.open(clients, url);
    }

    @Override
    public Attempt<Owned> acquire(Tick tick) throws InterruptedException {
        String key = perTick ? RedisLocks.key(job, tick.at()) : RedisLocks.key(job);
        String owner = LockOwner.of(worker, pid).grant(GrantLetters.next()).toString();
        String set = "SET " + key + " " + owner + " NX PX " + ttl.toMillis()
                + (fenced ? " + INCR " + FencingCounter.key(job) : "");
        Instant asked = clock.instant();
        Instant until = asked.plus(wait);
        // A worker that waits for the lock keeps trying through a Redis that is down or restarting, as Redisson's
        // retries do, until its wait is over: a restart of a few milliseconds must not end a wait of seconds.
        while (true) {
            Attempt<Owned> attempt;
            try {
                attempt = RedisLocks.retried(pool, jedis -> tryUntil(jedis, key, owner, set, asked, until));
            } catch (JedisException e) {
                attempt = new Attempt.Broken<>(
                        worker + " - redis at " + Secrets.mask(url) + " unreachable: " + RedisLocks.reason(e));
            }
            Instant now = clock.instant();
            if (!(attempt instanceof Attempt.Broken<Owned>) || !now.isBefore(until)) {
                return attempt;
            }
            Waiting.untilNextTry(now, until);
        }
    }

    /** Tries, and with a wait tries again every {@link Waiting#POLL}, until granted or {@code until}. */
    private Attempt<Owned> tryUntil(Jedis jedis, String key, String owner, String set, Instant asked, Instant until)
            throws InterruptedException {
        while (true) {
            // The lease is counted from when Redis ran the SET, some time after this and before the answer: counted
            // from here, the expiry the recording tells is the earliest the key could go, so a grant the next worker
            // got is never stamped before the lease it followed had ended, however slowly the answer came back.
            Instant sent = clock.instant();
            Try tried = take(jedis, key, owner);
            long token = tried.token();
            if (token < 0) {
                return new Attempt.Broken<>(worker + " - redis lock '" + key + "' not taken: the fencing counter "
                        + FencingCounter.key(job) + " is missing (Redis restarted and the lab has not restored it"
                        + " yet)");
            }
            if (token > 0) {
                return new Attempt.Granted<>(granted(key, owner, token, set, sent));
            }
            Instant now = clock.instant();
            if (!now.isBefore(until)) {
                RedisLocks.Holder holder = tried.holder() != null ? tried.holder() : RedisLocks.holderNow(jedis, key);
                long waited = Duration.between(asked, now).toMillis();
                return new Attempt.Refused<>(
                        worker + " - redis lock '" + key + "' not acquired: " + holder + " (" + set + " → nil"
                                + Waiting.after(wait, waited) + ")",
                        WorkerFact.Skipped.held(key, holder.owner(), holder.msLeft(), waited));
            }
            Waiting.untilNextTry(now, until);
        }
    }

    /**
     * One try: the token (1 when not fenced) if this worker took the lock, 0 if someone holds it, -1 if no counter.
     * A plain {@code SET NX PX} says only that the key was there; who held it is asked after, by the caller.
     */
    private Try take(Jedis jedis, String key, String owner) {
        if (!fenced) {
            boolean took =
                    "OK".equals(jedis.set(key, owner, SetParams.setParams().nx().px(ttl.toMillis())));
            return new Try(took ? 1 : 0, null);
        }
        Object r = jedis.eval(FENCED_SET, 2, key, FencingCounter.key(job), owner, Long.toString(ttl.toMillis()));
        if (r instanceof List<?> held) {
            return new Try(0, new RedisLocks.Holder((String) held.get(0), ((Number) held.get(1)).longValue()));
        }
        return new Try(((Number) r).longValue(), null);
    }

    private Owned granted(String key, String owner, long token, String set, Instant sent) {
        LockFact.Acquired granted = LockFact.Acquired.of(RedisMode.LOCK, key, owner)
                .expiring(ttl.toMillis(), sent.plus(ttl), fenced ? token : null);
        String got = fenced ? "OK, token " + token : "OK";
        String ran = "ran after taking redis lock '" + key + "' as " + owner;
        if (fenced) {
            ran += " with fencing token " + token;
        }
        return new Owned(key, owner, fenced ? token : 0, worker + " - " + set + " → " + got, ran, granted);
    }

    @Override
    public LockEvent release(Owned lease) {
        return release.release(pool, lease.key(), lease.owner());
    }

    /** A {@code PING} on a connection from the pool the lock's calls take theirs from (its idle ones, last used first). */
    @Override
    public OptionalLong roundTripUs() {
        return RoundTrip.us(() -> {
            try (Jedis jedis = pool.getResource()) {
                jedis.ping();
                return true;
            }
        });
    }

    @Override
    public boolean expires() {
        return true;
    }

    @Override
    public LockEvent renew(Owned lease, Duration in) {
        return release.renew(pool, lease.key(), lease.owner(), in);
    }

    @Override
    public LockEvent expireAt(Owned lease, Instant at) {
        return release.expireAt(pool, lease.key(), lease.owner(), at);
    }

    @Override
    public Duration term() {
        return ttl;
    }

    @Override
    public void close() {
        if (ownsClients) {
            clients.close();
        }
    }
}
