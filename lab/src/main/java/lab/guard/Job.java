package lab.guard;

/** The work of one tick, as a guard sees it: something to run, or not, under its protection. */
@FunctionalInterface
public interface Job {
    /** Runs the work and says what became of its write. */
    Write run(Tick tick, Permit permit) throws Exception;
}
