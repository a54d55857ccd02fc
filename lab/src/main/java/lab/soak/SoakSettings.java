package lab.soak;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import lab.launcher.LabSettings;
import lab.protocol.Hold;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.ServerSource;
import lab.protocol.Store;
import lab.protocol.Trigger;

/**
 * One soak: a mode that claims to survive faults ({@code idempotent}, or {@code fenced} holding its lock to the end of
 * the tick's window), how long, and the seed of its faults. Everything else is fixed, so that two soaks differ only
 * in what they are asked to prove: four workers, a tick every 200 ms, a job of 50 ms, a lease of 2 s (a killed
 * holder costs seconds, not minutes), the counter table in PostgreSQL (so that restarting it is a fault).
 */
public record SoakSettings(Mode mode, Duration length, long seed, Path summaryJson, Path runsDir) {
    public static final int WORKERS = 4;
    public static final Duration EVERY = Duration.ofMillis(200);
    public static final Duration TASK_TIME = Duration.ofMillis(50);
    public static final Duration LOCK_TTL = Duration.ofSeconds(2);
    /** One fault this often. */
    public static final Duration SPACING = Duration.ofSeconds(10);
    /** Past the lease: the paused holder's key expires while it sleeps, and another worker takes the lock. */
    public static final Duration PAUSE = LOCK_TTL.plusSeconds(1);

    public static final Duration REDIS_DOWN = Duration.ofSeconds(2);
    /** The modes a soak may run: the two whose claim is "one row per tick, whatever fails". */
    public static final List<Mode> MODES = List.of(Mode.IDEMPOTENT, Mode.FENCED);

    public SoakSettings {
        if (!MODES.contains(mode)) {
            throw new IllegalArgumentException("a soak runs in mode idempotent or fenced, not " + mode);
        }
    }

    /**
     * The mode's spec: fenced holds its lock to the window's end, since fencing alone refuses a stale token, not a
     * second worker that takes a lock released early and writes the same tick with a higher one.
     */
    public ModeSpec spec() {
        ModeSpec spec = ModeSpec.defaults(mode).with(Knobs.TASK_TIME, TASK_TIME).with(Knobs.LOCK_TTL, LOCK_TTL);
        return mode == Mode.FENCED ? spec.with(Knobs.HOLD_AT_LEAST, Hold.WINDOW) : spec;
    }

    /** The faults this seed draws for this length. */
    public List<PlannedFault> plan() {
        return FaultPlan.generate(seed, length, SPACING, EVERY, WORKERS);
    }

    /** The lab it runs: cron trigger (every worker fires at the same instants), no jitter, the lab's own servers. */
    public LabSettings lab() {
        return new LabSettings(
                WORKERS,
                1,
                spec(),
                EVERY,
                Trigger.CRON,
                Duration.ZERO,
                length,
                null,
                runsDir,
                "tick",
                Store.POSTGRES,
                null,
                null,
                ServerSource.AUTO,
                List.of());
    }
}
