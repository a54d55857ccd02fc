package lab.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The faults of one soak, from its seed alone: the same seed gives the same kinds, targets and times, so that a
 * failing run can be replayed. One fault every {@code spacing}, the first {@code spacing} after ready, none in the
 * last {@code spacing} (the lab must be seen healthy again before the end); each lands at a random point of its
 * tick window, so that over a long run the faults hit the job, the hold after it and the idle time alike.
 */
public final class FaultPlan {
    private FaultPlan() {}

    public static List<PlannedFault> generate(
            long seed, Duration length, Duration spacing, Duration period, int workers) {
        Random random = new Random(seed);
        SoakFault[] kinds = SoakFault.values();
        List<PlannedFault> plan = new ArrayList<>();
        for (int n = 1; spacing.multipliedBy(n + 1L).compareTo(length) <= 0; n++) {
            // Drawn in a fixed order, all three every time: a kind that needs no target still uses up its draw, so
            // that fault n is the same whatever came before it.
            SoakFault kind = kinds[random.nextInt(kinds.length)];
            int worker = 1 + random.nextInt(workers);
            long phase = random.nextInt((int) period.toMillis());
            plan.add(new PlannedFault(
                    n, spacing.multipliedBy(n).plusMillis(phase), kind, kind.hurtsWorker() ? worker : 0));
        }
        return plan;
    }
}
