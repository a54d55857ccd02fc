package lab.scenario;

import java.time.Duration;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.SetupSpec;
import lab.protocol.Store;
import lab.protocol.Trigger;

/**
 * How the lab is started for a scenario; every key may be left out, and the defaults are the knobs' own
 * ({@link Knobs}).
 *
 * @param values   the set-up knobs, as the scenario wrote them or at their defaults (command-line knobs at theirs)
 * @param spec     the mode and its knobs at start
 * @param lockKeys true: the trainer's fault and mode keys are off while the scenario runs
 */
public record Setup(SetupSpec values, ModeSpec spec, boolean lockKeys) {
    public Setup {
        if (values.get(Knobs.HOSTS) > values.get(Knobs.WORKERS)) {
            throw new IllegalArgumentException("hosts: " + values.get(Knobs.HOSTS)
                    + " (expected at most one host per worker: " + values.get(Knobs.WORKERS) + ")");
        }
        if (spec == null) {
            throw new IllegalArgumentException("a setup needs a mode spec");
        }
    }

    public static Setup defaults() {
        return new Setup(SetupSpec.defaults(), ModeSpec.defaults(Knobs.MODE.defaultValue()), false);
    }

    public Mode mode() {
        return spec.mode();
    }

    /** Worker processes. */
    public int workers() {
        return values.get(Knobs.WORKERS);
    }

    /** Simulated hosts they are spread over, each with its own lock folder. */
    public int hosts() {
        return values.get(Knobs.HOSTS);
    }

    /** The tick period. */
    public Duration every() {
        return values.get(Knobs.EVERY);
    }

    /** Cron or interval. */
    public Trigger trigger() {
        return values.get(Knobs.TRIGGER);
    }

    /** The most a fire comes late, at random. */
    public Duration jitter() {
        return values.get(Knobs.JITTER);
    }

    /** Where the counter table lives. */
    public Store store() {
        return values.get(Knobs.STORE);
    }
}
