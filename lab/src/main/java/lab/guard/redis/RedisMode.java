package lab.guard.redis;

import java.util.Optional;
import java.util.Set;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.LockObserver;
import lab.guard.ModeDeclaration;
import lab.guard.TokenLedger;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.LockServers;
import lab.protocol.Release;

/** Mode {@code redis}, key 3: {@code SET scheduler_lock:<job> <owner> NX PX <ttl>}, released by compare-and-delete. */
public final class RedisMode extends ModeDeclaration {
    /** The Redis lock, also {@code fenced}'s: a lease with a TTL, read from Redis with {@code GET} and {@code PTTL}. */
    static final Lock LOCK = new Lock("redis", "redis", Sight.LEASE, "");

    /**
     * Every knob of the lease reads here; fenced is the same lock plus a token. A method, not a constant: the knobs'
     * own class reads the modes when it is initialized, and this class is loaded as one of them.
     */
    static Set<Knob<?>> knobs() {
        return Set.of(
                Knobs.LOCK_TTL,
                Knobs.RELEASE,
                Knobs.HOLD_AT_LEAST,
                Knobs.LOCK_KEY,
                Knobs.LOCK_WAIT,
                Knobs.RENEW,
                Knobs.RELEASE_ON_SHUTDOWN,
                Knobs.ON_LOCK_ERROR,
                Knobs.LOCK_SERVERS);
    }

    @Override
    public String cliName() {
        return "redis";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('3');
    }

    @Override
    public Hue hue() {
        return Hue.CYAN;
    }

    @Override
    public Lock lock() {
        return LOCK;
    }

    @Override
    public Set<Knob<?>> concerns() {
        return knobs();
    }

    @Override
    public Set<Need> needs() {
        return Set.of(Need.REDIS);
    }

    @Override
    public Guard guard(GuardContext ctx) {
        return guard(ctx, false);
    }

    @Override
    public Optional<LockObserver> observer(LockObserver.Where where) {
        return Optional.of(new RedisLockObserver(where.redisUrl(), where.job()));
    }

    /** The Redis lock in the template, fenced or not, on this worker's lock server and through its shared pool. */
    static Guard guard(GuardContext ctx, boolean fenced) {
        var spec = ctx.spec();
        RedisLock lock = new RedisLock(
                ctx.worker(),
                ctx.pid(),
                LockServers.redis(ctx.config().redisUrl(), ctx.lockServer()),
                ctx.config().job(),
                ctx.lease().perTick(),
                spec.get(Knobs.LOCK_TTL),
                spec.get(Knobs.RELEASE) == Release.SAFE,
                ctx.clock(),
                fenced,
                spec.get(Knobs.LOCK_WAIT));
        return new LeaseGuard<>(
                ctx.worker(),
                lock.sharing(ctx.clients()),
                ctx.lease(),
                ctx.lockServerListener(),
                ctx.clock(),
                ctx.fallback(),
                fenced ? ctx.ledger() : TokenLedger.NONE);
    }
}
