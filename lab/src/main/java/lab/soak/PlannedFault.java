package lab.soak;

import java.time.Duration;
import java.util.Locale;
import lab.nemesis.Recipe;
import lab.nemesis.Recipes;
import lab.nemesis.ServerName;
import lab.nemesis.WorkerTarget;

/**
 * One fault of a soak's plan, decided by its seed before anything starts.
 *
 * @param number from 1, in order
 * @param at     its offset from the moment every worker was ready
 * @param worker for a fault that hurts a worker, its number (1 is {@code w1}); 0 for a server fault
 */
public record PlannedFault(int number, Duration at, SoakFault kind, int worker) {
    /** {@code w2}, or the server the fault stops. */
    public String target() {
        return switch (kind) {
            case KILL, PAUSE -> "w" + worker;
            case REDIS_STOP -> "redis";
            case POSTGRES_RESTART -> "postgres";
        };
    }

    /**
     * The nemesis's recipe that does it and undoes it: a kill and its restart, a pause past the lease and its resume,
     * Redis down two seconds, a PostgreSQL stopped and started again at once.
     */
    Recipe recipe() {
        return switch (kind) {
            case KILL -> Recipes.killed(WorkerTarget.of(target()), Duration.ZERO);
            case PAUSE -> Recipes.paused(WorkerTarget.of(target()), SoakSettings.PAUSE);
            case REDIS_STOP -> Recipes.serverDown(ServerName.REDIS, SoakSettings.REDIS_DOWN);
            case POSTGRES_RESTART -> Recipes.serverDown(ServerName.POSTGRES, Duration.ZERO);
        };
    }

    @Override
    public String toString() {
        return "#" + number + " at " + seconds(at) + ": " + kind + " " + target();
    }

    /** {@code 10.137s}: a fault's offset to the millisecond, as the plan drew it. */
    static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%d.%03ds", d.toSeconds(), d.toMillisPart());
    }
}
