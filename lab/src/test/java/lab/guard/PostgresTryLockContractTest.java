package lab.guard;

import lab.guard.postgres.PostgresAdvisoryGuard;
import lab.launcher.TestServers;

class PostgresTryLockContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new PostgresAdvisoryGuard(worker, TestServers.postgres().url(), false, false, java.time.Duration.ofSeconds(30), LockListener.NONE);
    }

    @Override
    int runsPerTick() {
        return 1;
    }
}
