package lab.guard;

import java.util.List;
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

    @Override
    List<String> modeFlags() {
        return List.of("--mode", "naive");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return WORKERS;
    }
}
