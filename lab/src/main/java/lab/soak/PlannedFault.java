package lab.soak;

import java.time.Duration;
import lab.nemesis.Fault;
import lab.nemesis.ServerName;
import lab.nemesis.WorkerFault;
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

    /** The fault room's fault that does it. */
    Fault fault() {
        return switch (kind) {
            case KILL -> new WorkerFault.Kill(WorkerTarget.of(target()));
            case PAUSE -> new WorkerFault.Pause(WorkerTarget.of(target()));
            case REDIS_STOP -> new Fault.ServerStop(ServerName.REDIS);
            case POSTGRES_RESTART -> new Fault.ServerStop(ServerName.POSTGRES);
        };
    }

    /** How long the fault lasts before it is undone: a pause past the lease, Redis down two seconds. */
    Duration held() {
        return switch (kind) {
            case KILL, POSTGRES_RESTART -> Duration.ZERO;
            case PAUSE -> SoakSettings.PAUSE;
            case REDIS_STOP -> SoakSettings.REDIS_DOWN;
        };
    }

    /** The fault room's fault that undoes it: a restart, a resume, the server started again. */
    Fault undo() {
        return switch (kind) {
            case KILL -> new WorkerFault.Restart(WorkerTarget.of(target()));
            case PAUSE -> new WorkerFault.Resume(WorkerTarget.of(target()));
            case REDIS_STOP -> new Fault.ServerStart(ServerName.REDIS);
            case POSTGRES_RESTART -> new Fault.ServerStart(ServerName.POSTGRES);
        };
    }

    @Override
    public String toString() {
        return "#" + number + " at " + seconds(at) + ": " + kind + " " + target();
    }

    /** {@code 10.137s}: a fault's offset to the millisecond, as the plan drew it. */
    static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%d.%03ds", d.toSeconds(), d.toMillisPart());
    }
}
