package lab.bench;

import java.time.Duration;
import java.util.List;

/**
 * How much a bench run measures: how many workers, starts, key presses, switches and seconds of stress. One place for
 * both the bench and the tests that judge its JSON, so that a figure's plausible range is sized to the run that made
 * it (a quick run presses 5 keys: 6 answers or 4 are a broken count, not a slow machine).
 *
 * @param sizes         the lab sizes whose idle memory is measured
 * @param launchSizes   the lab sizes whose start is timed
 * @param repeats       how many times each start is timed (and Python's)
 * @param settle        how long idle workers settle before their memory is read
 * @param big           the workers of the switching, costing and stress runs
 * @param presses       the key presses timed on the dashboard
 * @param switches      the redis ↔ postgres switches timed
 * @param replacing     the switches into a scheduler-replacing mode and back, timed each way
 * @param stressLength  how long the stress run ticks
 */
record RunShape(
        List<Integer> sizes,
        List<Integer> launchSizes,
        int repeats,
        Duration settle,
        int big,
        int presses,
        int switches,
        int replacing,
        Duration stressLength) {
    /** The stress run's period: many fast ticks. */
    static final Duration STRESS_EVERY = Duration.ofMillis(100);

    static final RunShape QUICK =
            new RunShape(List.of(4), List.of(4), 1, Duration.ofSeconds(3), 4, 5, 10, 3, Duration.ofSeconds(5));

    static final RunShape FULL = new RunShape(
            List.of(1, 4, 16), List.of(4, 16), 5, Duration.ofSeconds(10), 16, 20, 50, 10, Duration.ofSeconds(60));

    static RunShape of(boolean quick) {
        return quick ? QUICK : FULL;
    }

    /** The stress run's tick windows: its length over its period. */
    long stressWindows() {
        return stressLength.toMillis() / STRESS_EVERY.toMillis();
    }
}
