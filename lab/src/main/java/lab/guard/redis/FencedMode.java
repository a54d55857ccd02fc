package lab.guard.redis;

import java.util.Optional;
import java.util.Set;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LockObserver;
import lab.guard.ModeDeclaration;
import lab.protocol.Knob;

/**
 * Mode {@code fenced}, key 6: the Redis lock plus a fencing token ({@code INCR} on each grant); the store refuses a
 * write whose token is lower than the last it accepted, so a holder that lost its lease while paused cannot write late.
 */
public final class FencedMode extends ModeDeclaration {
    @Override
    public String cliName() {
        return "fenced";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('6');
    }

    @Override
    public Hue hue() {
        return Hue.MAGENTA;
    }

    @Override
    public Lock lock() {
        return RedisMode.LOCK;
    }

    @Override
    public Set<Knob<?>> concerns() {
        return RedisMode.knobs();
    }

    /** The counter is restored above every token issued before any worker may take the lock. */
    @Override
    public Set<Need> needs() {
        return Set.of(Need.REDIS, Need.FENCING_COUNTER);
    }

    @Override
    public Optional<String> fencingCounter(String job) {
        return Optional.of(FencingCounter.key(job));
    }

    @Override
    public Guard guard(GuardContext ctx) {
        return RedisMode.guard(ctx, true);
    }

    @Override
    public Optional<LockObserver> observer(LockObserver.Where where) {
        return Optional.of(new RedisLockObserver(where.redisUrl(), where.job()));
    }
}
