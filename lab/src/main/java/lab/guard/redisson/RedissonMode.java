package lab.guard.redisson;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import lab.guard.Clients;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.LockListener;
import lab.guard.LockObserver;
import lab.guard.ModeDeclaration;
import lab.guard.TokenLedger;
import lab.protocol.BadFieldException;
import lab.protocol.Hold;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.LockOwner;
import lab.protocol.ModeSpec;

/**
 * Mode {@code redisson}, key 9: Redisson's {@code RLock} on the lab's Redis. {@code lock-wait} and {@code lock-ttl} are
 * {@code tryLock(wait, lease)}'s; {@code renew on} is its watchdog (lease -1, {@code lockWatchdogTimeout} = lock-ttl);
 * {@code hold-at-least} leaves the hash to expire at the hold's end instead of unlocking it; {@code fence on} is its
 * {@code RFencedLock}, whose token the store checks as in mode {@code fenced}. Redisson's classes, and Netty's, are
 * loaded here only, when a worker first builds this mode's guard.
 */
public final class RedissonMode extends ModeDeclaration {
    static final Lock LOCK = new Lock("redisson", "redisson", Sight.LEASE, "Redisson's lock ");

    /** Redisson's fenced lock: its own knob, declared here. */
    public static final Knob<Boolean> FENCE = Knob.onOff(
            "fence",
            "Redisson's fenced lock (getFencedLock, tryLockAndGetToken): the write carries its token, and the store"
                    + " refuses one lower than the last it accepted",
            false);

    @Override
    public List<Knob<?>> ownKnobs() {
        return List.of(FENCE);
    }

    @Override
    public String cliName() {
        return "redisson";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('9');
    }

    @Override
    public Hue hue() {
        return Hue.BLUE;
    }

    @Override
    public Lock lock() {
        return LOCK;
    }

    @Override
    public Set<Knob<?>> concerns() {
        return Set.of(
                Knobs.LOCK_TTL, Knobs.LOCK_WAIT, Knobs.RENEW, Knobs.HOLD_AT_LEAST, FENCE, Knobs.RELEASE_ON_SHUTDOWN);
    }

    /** Redisson's token counter is raised above every token issued before a worker may take the fenced lock. */
    @Override
    public Set<Need> needs() {
        return Set.of(Need.REDIS, Need.FENCING_COUNTER);
    }

    @Override
    public Optional<String> fencingCounter(String job) {
        return Optional.of(RedissonNames.token(job));
    }

    /**
     * A hold with the watchdog: Redisson renews the hash for as long as the holder's entry is in it, and its API stops
     * the renewal only in {@code unlock()}; a lock left to expire at the hold's end would be renewed past it.
     */
    @Override
    public void checkKnobs(ModeSpec spec) {
        Hold hold = spec.get(Knobs.HOLD_AT_LEAST);
        if (spec.get(Knobs.RENEW) && (hold.window() || !hold.atLeast().isZero())) {
            throw new BadFieldException(
                    Knobs.HOLD_AT_LEAST.name(),
                    hold.toString(),
                    null,
                    "hold-at-least leaves Redisson's lock to expire at the hold's end, but with renew on its watchdog"
                            + " renews the lock while the holder's entry is in the hash, and Redisson stops it only in"
                            + " unlock() (expected hold-at-least 0, or renew off)");
        }
    }

    @Override
    public Guard guard(GuardContext ctx) {
        ModeSpec spec = ctx.spec();
        RedissonLock lock = lock(
                ctx.worker(),
                LockOwner.of(ctx.worker(), ctx.pid()).toString(),
                ctx.config().redisUrl(),
                ctx.config().job(),
                spec,
                ctx.clock(),
                ctx.clients());
        return new LeaseGuard<>(
                ctx.worker(),
                lock,
                policy(spec),
                ctx.listener(),
                ctx.clock(),
                null,
                spec.get(FENCE) ? ctx.ledger() : TokenLedger.NONE);
    }

    /**
     * The guard as worker {@code worker} would build it in {@code spec}, with a Redisson client of its own that it
     * closes, and its tokens written down in {@code ledger}: the tests', with no worker around it.
     */
    public static Guard guard(String worker, long pid, String url, String job, ModeSpec spec, TokenLedger ledger) {
        Clock clock = Clock.systemUTC();
        RedissonLock lock = lock(worker, LockOwner.of(worker, pid).toString(), url, job, spec, clock, null);
        return new LeaseGuard<>(worker, lock, policy(spec), LockListener.NONE, clock, null, ledger);
    }

    static RedissonLock lock(
            String worker, String process, String url, String job, ModeSpec spec, Clock clock, Clients clients) {
        return new RedissonLock(
                worker,
                process,
                url,
                job,
                spec.get(Knobs.LOCK_TTL),
                spec.get(Knobs.LOCK_WAIT),
                spec.get(Knobs.RENEW),
                spec.get(FENCE),
                clock,
                clients);
    }

    /** The template's policies; renewal is Redisson's own watchdog, not the lab's. */
    private static LeasePolicy policy(ModeSpec spec) {
        return new LeasePolicy(spec.get(Knobs.RECHECK), spec.get(Knobs.HOLD_AT_LEAST), false, false);
    }

    @Override
    public Optional<LockObserver> observer(LockObserver.Where where) {
        return Optional.of(new RedissonObserver(where.redisUrl(), where.job()));
    }
}
