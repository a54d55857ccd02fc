package lab.guard;

import lab.guard.local.InJvmMutexGuard;

/** In one JVM the mutex is shared, so it excludes; across processes it does not (see the lab runs). */
class InJvmMutexContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new InJvmMutexGuard(worker, false, LockListener.NONE);
    }

    @Override
    int runsPerTick() {
        return 1;
    }
}
