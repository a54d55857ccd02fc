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
        return List.of("--mode", "postgres", "--pg-lock", "try");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
