package lab.guard;

import java.util.List;
import lab.guard.shedlock.ShedLockMode;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;

/**
 * ShedLock's DefaultLockingTaskExecutor over JdbcTemplateLockProvider, on the real PostgreSQL: four threads with four
 * guards, then four worker processes, as the hand-made locks are held to.
 */
class ShedLockContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return ShedLockMode.guard(
                worker,
                pid,
                pgUrl(),
                "contract",
                ModeSpec.defaults(Mode.byName("shedlock").orElseThrow()));
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Decided: lockAtLeastFor to the tick's end, a worker late by up to half a period still finds the row locked.
        return List.of("--mode", "shedlock", "--" + Knobs.HOLD_AT_LEAST.name(), "window");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
