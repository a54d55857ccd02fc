package lab.protocol;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A mode and the knobs its guard reads: what the launcher sends at start and in {@code PUT /mode}. Knobs a mode
 * does not use are carried along unchanged, so that switching back finds them as they were. Each field is a live
 * knob of {@link Knobs}, which says its name, bounds and default.
 *
 * @param taskTime          how long the simulated job works before it writes its row
 * @param lockTtl           the Redis lock's expiry ({@code PX})
 * @param release           compare-and-delete, or a plain {@code DEL} (a trap lesson)
 * @param pgLock            skip when taken, or queue behind the holder
 * @param recheck           under the lock, write only if this tick has no row yet
 * @param holdAtLeast       keep the lock at least this long once taken, or to the window's end
 * @param lockKey           one key for the job, or one per tick
 * @param renew             a watchdog extends the Redis lease while the job runs
 * @param releaseOnShutdown a worker stopped gracefully gives back what it holds before it exits
 * @param onLockError       with the lock's server unreachable: skip the tick, or fall back to an in-process lock
 */
public record ModeSpec(
        Mode mode,
        Duration taskTime,
        Duration lockTtl,
        Release release,
        PgLock pgLock,
        boolean recheck,
        Hold holdAtLeast,
        LockKey lockKey,
        boolean renew,
        boolean releaseOnShutdown,
        OnLockError onLockError) {
    public ModeSpec {
        Knobs.MODE.check(mode);
        Knobs.TASK_TIME.check(taskTime);
        Knobs.LOCK_TTL.check(lockTtl);
        Knobs.RELEASE.check(release);
        Knobs.PG_LOCK.check(pgLock);
        Knobs.HOLD_AT_LEAST.check(holdAtLeast);
        Knobs.LOCK_KEY.check(lockKey);
        Knobs.ON_LOCK_ERROR.check(onLockError);
    }

    /** {@code mode} with every other knob at its default. */
    public static ModeSpec defaults(Mode mode) {
        return new ModeSpec(
                mode,
                Knobs.TASK_TIME.defaultValue(),
                Knobs.LOCK_TTL.defaultValue(),
                Knobs.RELEASE.defaultValue(),
                Knobs.PG_LOCK.defaultValue(),
                Knobs.RECHECK.defaultValue(),
                Knobs.HOLD_AT_LEAST.defaultValue(),
                Knobs.LOCK_KEY.defaultValue(),
                Knobs.RENEW.defaultValue(),
                Knobs.RELEASE_ON_SHUTDOWN.defaultValue(),
                Knobs.ON_LOCK_ERROR.defaultValue());
    }

    public ModeSpec withMode(Mode m) {
        return new ModeSpec(
                m,
                taskTime,
                lockTtl,
                release,
                pgLock,
                recheck,
                holdAtLeast,
                lockKey,
                renew,
                releaseOnShutdown,
                onLockError);
    }

    public ModeSpec withTaskTime(Duration t) {
        return new ModeSpec(
                mode,
                t,
                lockTtl,
                release,
                pgLock,
                recheck,
                holdAtLeast,
                lockKey,
                renew,
                releaseOnShutdown,
                onLockError);
    }

    public ModeSpec withLockTtl(Duration t) {
        return new ModeSpec(
                mode,
                taskTime,
                t,
                release,
                pgLock,
                recheck,
                holdAtLeast,
                lockKey,
                renew,
                releaseOnShutdown,
                onLockError);
    }

    public ModeSpec withRelease(Release r) {
        return new ModeSpec(
                mode,
                taskTime,
                lockTtl,
                r,
                pgLock,
                recheck,
                holdAtLeast,
                lockKey,
                renew,
                releaseOnShutdown,
                onLockError);
    }

    public ModeSpec withPgLock(PgLock p) {
        return new ModeSpec(
                mode,
                taskTime,
                lockTtl,
                release,
                p,
                recheck,
                holdAtLeast,
                lockKey,
                renew,
                releaseOnShutdown,
                onLockError);
    }

    public ModeSpec withRecheck(boolean r) {
        return new ModeSpec(
                mode,
                taskTime,
                lockTtl,
                release,
                pgLock,
                r,
                holdAtLeast,
                lockKey,
                renew,
                releaseOnShutdown,
                onLockError);
    }

    public ModeSpec withHoldAtLeast(Hold h) {
        return new ModeSpec(
                mode, taskTime, lockTtl, release, pgLock, recheck, h, lockKey, renew, releaseOnShutdown, onLockError);
    }

    public ModeSpec withLockKey(LockKey k) {
        return new ModeSpec(
                mode,
                taskTime,
                lockTtl,
                release,
                pgLock,
                recheck,
                holdAtLeast,
                k,
                renew,
                releaseOnShutdown,
                onLockError);
    }

    public ModeSpec withRenew(boolean r) {
        return new ModeSpec(
                mode,
                taskTime,
                lockTtl,
                release,
                pgLock,
                recheck,
                holdAtLeast,
                lockKey,
                r,
                releaseOnShutdown,
                onLockError);
    }

    public ModeSpec withOnLockError(OnLockError o) {
        return new ModeSpec(
                mode, taskTime, lockTtl, release, pgLock, recheck, holdAtLeast, lockKey, renew, releaseOnShutdown, o);
    }

    public ModeSpec withReleaseOnShutdown(boolean r) {
        return new ModeSpec(
                mode, taskTime, lockTtl, release, pgLock, recheck, holdAtLeast, lockKey, renew, r, onLockError);
    }

    /** The wire and summary form: every live knob by name, as text. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Knob<?> k : Knobs.live()) {
            m.put(k.name(), text(k));
        }
        return m;
    }

    private <T> String text(Knob<T> knob) {
        return knob.format(knob.read(this));
    }

    /**
     * This spec with the knobs named in {@code changes} set (any may be left out): the wire form of a switch.
     * Throws {@link BadFieldException} naming the first field that is unknown, not live, or has a bad value.
     */
    public ModeSpec merge(Map<String, ?> changes) {
        ModeSpec s = this;
        for (Map.Entry<String, ?> e : changes.entrySet()) {
            Knob<?> knob = Knobs.byName(e.getKey())
                    .orElseThrow(() -> new BadFieldException(e.getKey(), "one of " + Knobs.names(Knobs.live())));
            if (!knob.scope().live()) {
                throw new BadFieldException(
                        e.getKey(),
                        null,
                        null,
                        "not a live knob: it is " + knob.scope().where() + " (expected one of "
                                + Knobs.names(Knobs.live()) + ")");
            }
            Object v = e.getValue();
            s = knob.set(s, v instanceof Boolean b ? (b ? "on" : "off") : String.valueOf(v));
        }
        return s;
    }
}
