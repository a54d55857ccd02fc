package lab.matrix;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import lab.launcher.LabSettings;
import lab.nemesis.Recipe;
import lab.nemesis.Recipes;
import lab.nemesis.ServerName;
import lab.nemesis.WorkerTarget;
import lab.protocol.Knobs;
import lab.protocol.Mode;

/**
 * Every fault the matrix runs, one {@link MatrixFault} each, in the page's column order. A fault is one entry; one with
 * no plan yet has cells that say {@link MatrixFault#NOT_BUILT}, and wiring it is giving its entry a plan.
 */
public final class Catalogue {
    private static final Duration SEC = Duration.ofSeconds(1);

    private Catalogue() {}

    public static List<MatrixFault> all() {
        return List.of(
                new MatrixFault(
                        "fast-job",
                        "Fast job",
                        "任务很快",
                        // Shorter than the spread of the workers' fires, and the lock given back at the job's end.
                        c -> c.and(Knobs.TASK_TIME, Duration.ZERO),
                        Optional.of(mode -> Recipe.watch(Duration.ofSeconds(5))),
                        m -> Optional.empty(),
                        1,
                        MatrixRun.JITTER,
                        Duration.ofSeconds(5)),
                new MatrixFault(
                        "short-ttl",
                        "TTL shorter than the job",
                        "TTL 比任务短",
                        c -> c.and(Knobs.TASK_TIME, Duration.ofMillis(1500))
                                .and(Knobs.LOCK_TTL, Duration.ofMillis(500)),
                        Optional.of(mode -> Recipe.watch(Duration.ofSeconds(5))),
                        Catalogue::withoutLease,
                        1,
                        MatrixRun.JITTER,
                        Duration.ofSeconds(5)),
                new MatrixFault(
                        "holder-killed",
                        "Holder killed",
                        "持有者被杀",
                        // A lease longer than a period, as leases are: what a dead holder leaves behind shows. Fires
                        // with no jitter (4 to 26 ms apart), so the kill, once the launcher has seen the holder, comes
                        // after every worker's fire: a session lock freed at once is not taken again for the tick.
                        c -> c.and(Knobs.LOCK_TTL, Duration.ofSeconds(3)),
                        Optional.of(mode -> Recipes.killedUntilLater(target(mode), Duration.ofSeconds(4))),
                        m -> Optional.empty(),
                        1,
                        Duration.ZERO,
                        Duration.ofSeconds(4)),
                new MatrixFault(
                        "holder-paused",
                        "Holder paused past its lease",
                        "持有者暂停超过租约",
                        Function.identity(),
                        Optional.of(mode -> Recipes.paused(target(mode), Duration.ofMillis(2500))
                                .settling(Duration.ofSeconds(3))),
                        m -> Optional.empty(),
                        1,
                        MatrixRun.JITTER,
                        Duration.ofMillis(5500)),
                new MatrixFault(
                        "server-down",
                        "Lock server down, then up",
                        "锁服务器停了又起",
                        Function.identity(),
                        Optional.of(mode -> Recipes.serverDown(lockServer(mode), Duration.ofSeconds(3))
                                .settling(Duration.ofSeconds(3))),
                        Catalogue::withoutServer,
                        1,
                        MatrixRun.JITTER,
                        Duration.ofSeconds(6)),
                new MatrixFault(
                        "redis-restart",
                        "Lock server restarted without persistence",
                        "锁服务器无持久化重启",
                        // Lesson 24's shape: the others wait for the lock and re-check under it (one row per tick
                        // without the fault), and a lease longer than the holder's pause, so that the restart, not
                        // the lease, is what lets a waiter in.
                        c -> c.and(Knobs.LOCK_TTL, Duration.ofSeconds(3))
                                .and(Knobs.LOCK_WAIT, Duration.ofMillis(800))
                                .and(Knobs.RECHECK, true),
                        // The holder held still while Redis restarts: the restart lands inside its hold.
                        Optional.of(mode -> Recipes.redisRestartUnderHolder(target(mode), Duration.ofMillis(600))
                                .settling(Duration.ofSeconds(3))),
                        m -> m.needs().contains(Mode.Need.REDIS)
                                ? Optional.empty()
                                : Optional.of("no lock on Redis: the restart cannot touch it"),
                        1,
                        MatrixRun.JITTER,
                        Duration.ofMillis(3600)),
                new MatrixFault(
                        "clock-skew",
                        "Clock skewed",
                        "时钟偏移",
                        Function.identity(),
                        // w2 runs half a period ahead from the lab's start (lesson 23): each cell only watches.
                        Optional.of(mode -> Recipe.watch(Duration.ofSeconds(5))),
                        m -> Optional.empty(),
                        1,
                        MatrixRun.JITTER,
                        Duration.ofSeconds(5),
                        List.of(new LabSettings.Skew("w2", Duration.ofMillis(500)))),
                new MatrixFault(
                        "host-cut-off",
                        "Host cut off",
                        "主机断网",
                        // A lease longer than a period: the cut-off holder cannot give it back, nor renew it. A job
                        // of 600 ms: the lab cuts the holder's host only in the first half of its job, at least 100 ms
                        // in, and sees the lock every 100 ms; with the base 300 ms job that window was 75 ms wide, and
                        // most cells found no holder.
                        c -> c.and(Knobs.LOCK_TTL, Duration.ofSeconds(3)).and(Knobs.TASK_TIME, Duration.ofMillis(600)),
                        Optional.of(mode -> Recipes.cutOff(WorkerTarget.HOLDER, Duration.ofSeconds(3))
                                .settling(Duration.ofSeconds(3))),
                        Catalogue::withoutServer,
                        2,
                        MatrixRun.JITTER,
                        Duration.ofSeconds(6)));
    }

    /** The fault named {@code name}; empty for a name no entry has. */
    public static Optional<MatrixFault> named(String name) {
        return all().stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** The holder; in a mode with no lock, whose every worker runs, the first worker. */
    private static WorkerTarget target(Mode mode) {
        return mode.lock().sight() == Mode.Sight.NONE ? WorkerTarget.of("w1") : WorkerTarget.holder();
    }

    private static ServerName lockServer(Mode mode) {
        return mode.needs().contains(Mode.Need.REDIS) ? ServerName.REDIS : ServerName.POSTGRES;
    }

    private static Optional<String> withoutServer(Mode mode) {
        return mode.needs().contains(Mode.Need.REDIS) || mode.needs().contains(Mode.Need.POSTGRES)
                ? Optional.empty()
                : Optional.of("no lock server: its "
                        + (mode.lock().sight() == Mode.Sight.NONE
                                ? "writes go to the store alone"
                                : "lock lives in the worker's "
                                        + (mode.lock().sight() == Mode.Sight.EACH_HOST ? "host" : "process")));
    }

    /** Only a lease can run out before the job: a lock held by a session or a process has no TTL. */
    private static Optional<String> withoutLease(Mode mode) {
        return mode.lock().sight() == Mode.Sight.LEASE
                ? Optional.empty()
                : Optional.of(
                        mode.lock().sight() == Mode.Sight.NONE || mode.lock().sight() == Mode.Sight.CLUSTER
                                ? "no lock, so no TTL"
                                : "no TTL: the lock is held until the job ends");
    }
}
