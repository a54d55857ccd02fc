package lab.guard;

import java.util.List;
import lab.guard.idempotent.IdempotentWrite;

/**
 * No lock: in one JVM every worker runs every tick (the job's other effects happen each time), and across processes
 * the unique index keeps one row per tick.
 */
class IdempotentWriteContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new IdempotentWrite(worker, false);
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
        return List.of("--mode", "idempotent");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }

    /** Every worker ran the job: the e-mail went out each time, the table kept one row. */
    @Override
    int jobRunsPerTickAcrossProcesses() {
        return WORKERS;
    }
}
