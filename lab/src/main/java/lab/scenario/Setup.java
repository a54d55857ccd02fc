package lab.scenario;

import java.time.Duration;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Store;

/**
 * How the lab is started for a scenario; every key may be left out, and the defaults are the knobs' own
 * ({@link Knobs}).
 *
 * @param workers  worker processes
 * @param spec     the mode and its knobs at start
 * @param every    the tick period
 * @param store    where the counter table lives
 * @param lockKeys true: the trainer's fault and mode keys are off while the scenario runs
 */
public record Setup(int workers, ModeSpec spec, Duration every, Store store, boolean lockKeys) {
    public Setup {
        Knobs.WORKERS.check(workers);
        Knobs.EVERY.check(every);
        Knobs.STORE.check(store);
        if (spec == null) {
            throw new IllegalArgumentException("a setup needs a mode spec");
        }
    }

    public static Setup defaults() {
        return new Setup(
                Knobs.WORKERS.defaultValue(),
                ModeSpec.defaults(Knobs.MODE.defaultValue()),
                Knobs.EVERY.defaultValue(),
                Knobs.STORE.defaultValue(),
                false);
    }

    public Mode mode() {
        return spec.mode();
    }
}
