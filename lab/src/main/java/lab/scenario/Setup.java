package lab.scenario;

import java.time.Duration;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;

/**
 * How the lab is started for a scenario; every key may be left out, and the defaults are the launcher's own
 * (4 workers, naive, every 2s, task-time 0, lock-ttl 60s, release safe, pg-lock try, recheck off, store h2).
 *
 * @param workers  worker processes, 1..64
 * @param spec     the mode and its knobs at start
 * @param every    the tick period
 * @param store    where the counter table lives: {@code h2} or {@code postgres}
 * @param lockKeys true: the trainer's fault and mode keys are off while the scenario runs
 */
public record Setup(int workers, ModeSpec spec, Duration every, String store, boolean lockKeys) {

    public static final int MAX_WORKERS = 64;

    public Setup {
        if (workers < 1 || workers > MAX_WORKERS) {
            throw new IllegalArgumentException("workers: expected 1.." + MAX_WORKERS + ", got " + workers);
        }
        if (spec == null || every == null || every.isZero() || every.isNegative()) {
            throw new IllegalArgumentException("a setup needs a mode spec and a tick period above 0");
        }
        if (!"h2".equals(store) && !"postgres".equals(store)) {
            throw new IllegalArgumentException("store: expected h2 or postgres, got " + store);
        }
    }

    public static Setup defaults() {
        return new Setup(4, ModeSpec.defaults(Mode.NAIVE), Duration.ofSeconds(2), "h2", false);
    }

    public Mode mode() {
        return spec.mode();
    }
}
