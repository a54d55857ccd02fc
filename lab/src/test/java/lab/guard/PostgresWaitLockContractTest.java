package lab.guard;

import java.util.List;
import lab.guard.postgres.PostgresAdvisoryLock;

/** The blocking lock as one seed wrote it: no two runs at once, but every worker runs every tick. */
class PostgresWaitLockContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new LeaseGuard<>(
                worker,
                new PostgresAdvisoryLock(worker, 1, pgUrl(), true, false, java.time.Duration.ofSeconds(30)),
                LeasePolicy.plain(false),
                LockListener.NONE,
                java.time.Clock.systemUTC());
    }

    @Override
    int runsPerTick() {
        return WORKERS;
    }

    @Override
    List<String> modeFlags() {
        return List.of("--mode", "postgres", "--pg-lock", "wait");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return WORKERS;
    }
}
