package lab.guard;

import java.util.List;
import java.util.Optional;
import lab.guard.none.NoGuard;

/**
 * Quartz's clustered JDBC store on the real PostgreSQL: four worker processes, each with its own Quartz on the shared
 * {@code qrtz_} tables, and the store fires each trigger on one of them. There is no lock around the job, so the
 * guard of the in-JVM half would only be the nothing every worker runs the job in.
 */
class QuartzClusterContractTest extends GuardContract {
    /** What the mode puts around the job when the cluster fires it on a worker: nothing. */
    @Override
    Guard build(String worker, long pid) {
        return new NoGuard(worker, false);
    }

    /**
     * Quartz clusters schedulers of one name, and keeps one scheduler of a name per JVM: threads of one JVM cannot be
     * nodes of one cluster, and the guard they would share decides nothing.
     */
    @Override
    Optional<String> inOneJvmDoesNotApply() {
        return Optional.of("quartz-cluster decides who fires in the store, between worker processes, each with one"
                + " scheduler of the cluster's name: it is checked across worker processes only");
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Quartz's defaults but the one the contract is about, said: the schedulers share the store as a cluster.
        return List.of("--mode", "quartz-cluster", "--clustered", "on");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
