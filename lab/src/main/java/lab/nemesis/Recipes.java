package lab.nemesis;

import java.time.Duration;
import java.util.List;

/**
 * The nemesis's recipes, each a fault with its undo: the one place a fault is paired with what undoes it. A key plays
 * one half at a time ({@link Recipe#begin}, {@link Recipe#end}); a soak, the matrix and the exam play them whole or
 * take their undo. A new pair is one method here.
 */
public final class Recipes {
    private Recipes() {}

    /** {@code kill -9}, then a fresh JVM under the same id: a crash and its supervisor. */
    public static Recipe killed(WorkerTarget target, Duration holds) {
        return Recipe.of(new WorkerFault.Kill(target), holds, new WorkerFault.Restart(target));
    }

    /** {@code SIGTERM}, a graceful stop, then a fresh JVM under the same id: a deploy. */
    public static Recipe stopped(WorkerTarget target) {
        return Recipe.of(new WorkerFault.Stop(target), Duration.ZERO, new WorkerFault.Restart(target));
    }

    /** A kill left for the lab to bring back after the span it is judged on: no undo inside it. */
    public static Recipe killedUntilLater(WorkerTarget target, Duration holds) {
        return new Recipe(List.of(new WorkerFault.Kill(target)), holds, List.of(), Duration.ZERO);
    }

    /** A worker that is down brought back under its id: a kill's undo alone (played with {@link Recipe#end}). */
    public static Recipe revived(String worker) {
        return killed(WorkerTarget.of(worker), Duration.ZERO);
    }

    /** {@code SIGSTOP}, then {@code SIGCONT}: a GC pause, a frozen VM. */
    public static Recipe paused(WorkerTarget target, Duration holds) {
        return Recipe.of(new WorkerFault.Pause(target), holds, new WorkerFault.Resume(target));
    }

    /** A worker restarted with its wall clock {@code by} from the machine's, then on the machine's clock again. */
    public static Recipe skewed(WorkerTarget target, Duration by) {
        return Recipe.of(new WorkerFault.Skew(target, by), Duration.ZERO, new WorkerFault.Skew(target, Duration.ZERO));
    }

    /** The lab's own server stopped as a crash looks, then started again. */
    public static Recipe serverDown(ServerName server, Duration holds) {
        return Recipe.of(new Fault.ServerStop(server), holds, new Fault.ServerStart(server));
    }

    /**
     * The holder held still while Redis restarts without persistence, so that the restart lands inside its hold, then
     * resumed: the Redis page's lesson, where the restart, not the lease, lets a waiter in.
     */
    public static Recipe redisRestartUnderHolder(WorkerTarget holder, Duration holds) {
        return new Recipe(
                List.of(new WorkerFault.Pause(holder), new Fault.ServerRestart(ServerName.REDIS, false)),
                holds,
                List.of(new WorkerFault.Resume(holder)),
                Duration.ZERO);
    }

    /** A host cut off from the lock servers (its store still reachable), then healed. */
    public static Recipe cutOff(String host, Duration holds) {
        return Recipe.of(new Fault.Partition(host), holds, new Fault.Heal(host));
    }
}
