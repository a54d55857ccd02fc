package lab.guard;

import java.util.List;
import lab.guard.local.InJvmMutex;

/** In one JVM the mutex is shared, so one thread runs; across worker processes each has its own, so all run. */
class InJvmMutexContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new LeaseGuard<>(
                worker,
                new InJvmMutex(worker, pid),
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
        return List.of("--mode", "local-mutex");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return WORKERS;
    }
}
