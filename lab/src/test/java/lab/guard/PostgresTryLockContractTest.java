package lab.guard;

import java.util.List;
import lab.guard.postgres.PostgresAdvisoryLock;

class PostgresTryLockContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new LeaseGuard<>(
                worker,
                new PostgresAdvisoryLock(worker, 1, pgUrl(), false, false, java.time.Duration.ofSeconds(30)),
                LeasePolicy.plain(false),
                LockListener.NONE,
                java.time.Clock.systemUTC());
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Decided: held to the tick's end, a worker late by up to half a period still finds the lock taken.
        return List.of("--mode", "postgres", "--pg-lock", "try", "--hold-at-least", "window");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
