package lab.guard;

import java.util.List;
import lab.guard.postgres.PostgresAdvisoryLock;

/** Queued behind the lock, each worker first checks whether the tick has its row: only the first writes. */
class PostgresWaitRecheckContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new LeaseGuard<>(
                worker,
                new PostgresAdvisoryLock(worker, 1, pgUrl(), true, false, java.time.Duration.ofSeconds(30)),
                LeasePolicy.plain(true),
                LockListener.NONE,
                java.time.Clock.systemUTC());
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Decided by the recheck: a late worker waits for the lock, then finds the tick's row and does not write.
        return List.of("--mode", "postgres", "--pg-lock", "wait", "--recheck", "on");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
