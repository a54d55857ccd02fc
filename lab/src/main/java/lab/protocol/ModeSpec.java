package lab.protocol;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A mode and the knobs its guard reads: what the launcher sends at start and in {@code PUT /mode}. Knobs a mode
 * does not use are carried along unchanged, so that switching back finds them as they were. Each field is a live
 * knob of {@link Knobs}, which says its name, bounds and default.
 *
 * @param taskTime how long the simulated job works before it writes its row
 * @param lockTtl  the Redis lock's expiry ({@code PX})
 * @param release  compare-and-delete, or a plain {@code DEL} (a trap lesson)
 * @param pgLock   skip when taken, or queue behind the holder
 * @param recheck  under the lock, write only if this tick has no row yet
 */
public record ModeSpec(
        Mode mode, Duration taskTime, Duration lockTtl, Release release, PgLock pgLock, boolean recheck) {
    public ModeSpec {
        Knobs.MODE.check(mode);
        Knobs.TASK_TIME.check(taskTime);
        Knobs.LOCK_TTL.check(lockTtl);
        Knobs.RELEASE.check(release);
        Knobs.PG_LOCK.check(pgLock);
    }

    /** {@code mode} with every other knob at its default. */
    public static ModeSpec defaults(Mode mode) {
        return new ModeSpec(
                mode,
                Knobs.TASK_TIME.defaultValue(),
                Knobs.LOCK_TTL.defaultValue(),
                Knobs.RELEASE.defaultValue(),
                Knobs.PG_LOCK.defaultValue(),
                Knobs.RECHECK.defaultValue());
    }

    public ModeSpec withMode(Mode m) {
        return new ModeSpec(m, taskTime, lockTtl, release, pgLock, recheck);
    }

    public ModeSpec withTaskTime(Duration t) {
        return new ModeSpec(mode, t, lockTtl, release, pgLock, recheck);
    }

    public ModeSpec withLockTtl(Duration t) {
        return new ModeSpec(mode, taskTime, t, release, pgLock, recheck);
    }

    public ModeSpec withRelease(Release r) {
        return new ModeSpec(mode, taskTime, lockTtl, r, pgLock, recheck);
    }

    public ModeSpec withPgLock(PgLock p) {
        return new ModeSpec(mode, taskTime, lockTtl, release, p, recheck);
    }

    public ModeSpec withRecheck(boolean r) {
        return new ModeSpec(mode, taskTime, lockTtl, release, pgLock, r);
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
