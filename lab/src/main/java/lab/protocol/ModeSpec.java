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
 * @param lockWait          how long a worker waits for a Redis lock someone holds before it skips (0: not at all)
 * @param renew             a watchdog extends the Redis lease while the job runs
 * @param releaseOnShutdown a worker stopped gracefully gives back what it holds before it exits
 * @param onLockError       with the lock's server unreachable: skip the tick, or fall back to an in-process lock
 * @param lockServers       1, or 2: the even-numbered workers take their lock on a second lock server
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
        Duration lockWait,
        boolean renew,
        boolean releaseOnShutdown,
        OnLockError onLockError,
        int lockServers) {
    public ModeSpec {
        Knobs.MODE.check(mode);
        Knobs.TASK_TIME.check(taskTime);
        Knobs.LOCK_TTL.check(lockTtl);
        Knobs.RELEASE.check(release);
        Knobs.PG_LOCK.check(pgLock);
        Knobs.HOLD_AT_LEAST.check(holdAtLeast);
        Knobs.LOCK_KEY.check(lockKey);
        Knobs.LOCK_WAIT.check(lockWait);
        Knobs.ON_LOCK_ERROR.check(onLockError);
        Knobs.LOCK_SERVERS.check(lockServers);
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
                Knobs.LOCK_WAIT.defaultValue(),
                Knobs.RENEW.defaultValue(),
                Knobs.RELEASE_ON_SHUTDOWN.defaultValue(),
                Knobs.ON_LOCK_ERROR.defaultValue(),
                Knobs.LOCK_SERVERS.defaultValue());
    }

    /** A copy to change: {@code spec.edit().lockWait(d).done()}. Every knob has one setter, so a new knob is one line. */
    public Editor edit() {
        return new Editor(this);
    }

    /** A spec being changed, knob by knob, then checked whole by {@link #done}. */
    public static final class Editor {
        private Mode mode;
        private Duration taskTime;
        private Duration lockTtl;
        private Release release;
        private PgLock pgLock;
        private boolean recheck;
        private Hold holdAtLeast;
        private LockKey lockKey;
        private Duration lockWait;
        private boolean renew;
        private boolean releaseOnShutdown;
        private OnLockError onLockError;
        private int lockServers;

        private Editor(ModeSpec s) {
            mode = s.mode;
            taskTime = s.taskTime;
            lockTtl = s.lockTtl;
            release = s.release;
            pgLock = s.pgLock;
            recheck = s.recheck;
            holdAtLeast = s.holdAtLeast;
            lockKey = s.lockKey;
            lockWait = s.lockWait;
            renew = s.renew;
            releaseOnShutdown = s.releaseOnShutdown;
            onLockError = s.onLockError;
            lockServers = s.lockServers;
        }

        public Editor mode(Mode v) {
            mode = v;
            return this;
        }

        public Editor taskTime(Duration v) {
            taskTime = v;
            return this;
        }

        public Editor lockTtl(Duration v) {
            lockTtl = v;
            return this;
        }

        public Editor release(Release v) {
            release = v;
            return this;
        }

        public Editor pgLock(PgLock v) {
            pgLock = v;
            return this;
        }

        public Editor recheck(boolean v) {
            recheck = v;
            return this;
        }

        public Editor holdAtLeast(Hold v) {
            holdAtLeast = v;
            return this;
        }

        public Editor lockKey(LockKey v) {
            lockKey = v;
            return this;
        }

        public Editor lockWait(Duration v) {
            lockWait = v;
            return this;
        }

        public Editor renew(boolean v) {
            renew = v;
            return this;
        }

        public Editor releaseOnShutdown(boolean v) {
            releaseOnShutdown = v;
            return this;
        }

        public Editor onLockError(OnLockError v) {
            onLockError = v;
            return this;
        }

        public Editor lockServers(int v) {
            lockServers = v;
            return this;
        }

        public ModeSpec done() {
            return new ModeSpec(
                    mode,
                    taskTime,
                    lockTtl,
                    release,
                    pgLock,
                    recheck,
                    holdAtLeast,
                    lockKey,
                    lockWait,
                    renew,
                    releaseOnShutdown,
                    onLockError,
                    lockServers);
        }
    }

    public ModeSpec withMode(Mode v) {
        return edit().mode(v).done();
    }

    public ModeSpec withTaskTime(Duration v) {
        return edit().taskTime(v).done();
    }

    public ModeSpec withLockTtl(Duration v) {
        return edit().lockTtl(v).done();
    }

    public ModeSpec withRelease(Release v) {
        return edit().release(v).done();
    }

    public ModeSpec withPgLock(PgLock v) {
        return edit().pgLock(v).done();
    }

    public ModeSpec withRecheck(boolean v) {
        return edit().recheck(v).done();
    }

    public ModeSpec withHoldAtLeast(Hold v) {
        return edit().holdAtLeast(v).done();
    }

    public ModeSpec withLockKey(LockKey v) {
        return edit().lockKey(v).done();
    }

    public ModeSpec withLockWait(Duration v) {
        return edit().lockWait(v).done();
    }

    public ModeSpec withRenew(boolean v) {
        return edit().renew(v).done();
    }

    public ModeSpec withReleaseOnShutdown(boolean v) {
        return edit().releaseOnShutdown(v).done();
    }

    public ModeSpec withOnLockError(OnLockError v) {
        return edit().onLockError(v).done();
    }

    public ModeSpec withLockServers(int v) {
        return edit().lockServers(v).done();
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
