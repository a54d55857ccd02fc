package lab.protocol;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A mode and the knobs its guard reads: what the launcher sends at start and in {@code PUT /mode}.
 * Knobs a mode does not use are carried along unchanged, so that switching back finds them as they were.
 *
 * @param taskTime how long the simulated job works before it writes its row
 * @param lockTtl  the Redis lock's expiry ({@code PX})
 * @param release  {@code safe}: compare-and-delete; {@code unsafe}: a plain {@code DEL} (a trap lesson)
 * @param pgLock   {@code try}: skip when taken; {@code wait}: queue behind the holder
 * @param recheck  under the lock, write only if this tick has no row yet
 */
public record ModeSpec(Mode mode, Duration taskTime, Duration lockTtl, String release, String pgLock, boolean recheck) {

    public static final Set<String> FIELDS = Set.of("mode", "task-time", "lock-ttl", "release", "pg-lock", "recheck");

    public ModeSpec {
        require(mode != null, "mode", "a mode (" + Mode.names() + ")");
        require(taskTime != null && !taskTime.isNegative(), "task-time", "a duration of 0 or more");
        require(lockTtl != null && lockTtl.toMillis() > 0, "lock-ttl", "a duration above 0");
        require("safe".equals(release) || "unsafe".equals(release), "release", "safe or unsafe");
        require("try".equals(pgLock) || "wait".equals(pgLock), "pg-lock", "try or wait");
    }

    public static ModeSpec defaults(Mode mode) {
        return new ModeSpec(mode, Duration.ZERO, Duration.ofSeconds(60), "safe", "try", false);
    }

    public ModeSpec withTaskTime(Duration t) {
        return new ModeSpec(mode, t, lockTtl, release, pgLock, recheck);
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", mode.cliName());
        m.put("task-time", Durations.format(taskTime));
        m.put("lock-ttl", Durations.format(lockTtl));
        m.put("release", release);
        m.put("pg-lock", pgLock);
        m.put("recheck", recheck ? "on" : "off");
        return m;
    }

    /**
     * This spec with the fields of {@code changes} applied; any field may be left out. Throws
     * {@link BadFieldException} naming the first field that is unknown or has a bad value.
     */
    public ModeSpec merge(Map<String, ?> changes) {
        for (String key : changes.keySet()) {
            if (!FIELDS.contains(key)) {
                throw new BadFieldException(
                        key,
                        "one of " + String.join(", ", FIELDS.stream().sorted().toList()));
            }
        }
        Mode m = mode;
        Duration task = taskTime;
        Duration ttl = lockTtl;
        String rel = text(changes, "release", release);
        String pg = text(changes, "pg-lock", pgLock);
        boolean re = recheck;
        if (changes.containsKey("mode")) {
            try {
                m = Mode.parse(String.valueOf(changes.get("mode")));
            } catch (IllegalArgumentException e) {
                throw new BadFieldException("mode", e.getMessage());
            }
        }
        task = changes.containsKey("task-time") ? duration(changes, "task-time") : task;
        ttl = changes.containsKey("lock-ttl") ? duration(changes, "lock-ttl") : ttl;
        if (changes.containsKey("recheck")) {
            Object v = changes.get("recheck");
            if (Boolean.TRUE.equals(v) || "on".equals(v)) {
                re = true;
            } else if (Boolean.FALSE.equals(v) || "off".equals(v)) {
                re = false;
            } else {
                throw new BadFieldException("recheck", "on or off, not '" + v + "'");
            }
        }
        return new ModeSpec(m, task, ttl, rel, pg, re);
    }

    private static String text(Map<String, ?> changes, String key, String current) {
        Object v = changes.get(key);
        return v == null && !changes.containsKey(key) ? current : String.valueOf(v);
    }

    private static Duration duration(Map<String, ?> changes, String key) {
        try {
            return Durations.parse(String.valueOf(changes.get(key)));
        } catch (IllegalArgumentException e) {
            throw new BadFieldException(key, e.getMessage());
        }
    }

    private static void require(boolean ok, String field, String expected) {
        if (!ok) {
            throw new BadFieldException(field, expected);
        }
    }
}
