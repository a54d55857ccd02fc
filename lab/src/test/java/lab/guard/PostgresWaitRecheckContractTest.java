package lab.guard;

import java.util.List;
import lab.guard.postgres.PostgresAdvisoryLock;

/** Queued behind the lock, each worker first checks whether the tick has its row: only the first writes. */
class PostgresWaitRecheckContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new LeaseGuard<>(
                worker,
                new PostgresAdvisoryLock(worker, pgUrl(), true, java.time.Duration.ofSeconds(30)),
                true,
                LockListener.NONE);
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        return List.of("--mode", "postgres", "--pg-lock", "wait", "--recheck", "on");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
