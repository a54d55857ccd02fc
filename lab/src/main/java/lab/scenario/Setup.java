package lab.scenario;

import java.time.Duration;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Store;
import lab.protocol.Trigger;

/**
 * How the lab is started for a scenario; every key may be left out, and the defaults are the knobs' own
 * ({@link Knobs}).
 *
 * @param workers  worker processes
 * @param hosts    simulated hosts they are spread over, each with its own lock folder
 * @param spec     the mode and its knobs at start
 * @param every    the tick period
 * @param trigger  cron or interval
 * @param jitter   the most a fire comes late, at random
 * @param store    where the counter table lives
 * @param lockKeys true: the trainer's fault and mode keys are off while the scenario runs
 */
public record Setup(
        int workers,
        int hosts,
        ModeSpec spec,
        Duration every,
        Trigger trigger,
        Duration jitter,
        Store store,
        boolean lockKeys) {
    public Setup {
        Knobs.WORKERS.check(workers);
        Knobs.HOSTS.check(hosts);
        if (hosts > workers) {
            throw new IllegalArgumentException(
                    "hosts: " + hosts + " (expected at most one host per worker: " + workers + ")");
        }
        Knobs.EVERY.check(every);
        Knobs.STORE.check(store);
        Knobs.TRIGGER.check(trigger);
        Knobs.JITTER.check(jitter);
        if (spec == null) {
            throw new IllegalArgumentException("a setup needs a mode spec");
        }
    }

    public static Setup defaults() {
        return new Setup(
                Knobs.WORKERS.defaultValue(),
                Knobs.HOSTS.defaultValue(),
                ModeSpec.defaults(Knobs.MODE.defaultValue()),
                Knobs.EVERY.defaultValue(),
                Knobs.TRIGGER.defaultValue(),
                Knobs.JITTER.defaultValue(),
                Knobs.STORE.defaultValue(),
                false);
    }

    public Mode mode() {
        return spec.mode();
    }
}
