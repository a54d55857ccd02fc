package lab.guard;

import lab.guard.none.NoGuard;

class NoGuardContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new NoGuard(worker, false);
    }

    @Override
    int runsPerTick() {
        return WORKERS;
    }

    @Override
    boolean mayOverlap() {
        return true;
    }
}
