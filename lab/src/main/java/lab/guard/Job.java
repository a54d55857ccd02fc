package lab.guard;

/** The work of one tick, as a guard sees it: something to run, or not, under its protection. */
@FunctionalInterface
public interface Job {
    /**
     * Runs the work.
     *
     * @return false when it wrote nothing because the permit asked for a re-check and the tick already had a row
     */
    boolean run(Tick tick, Permit permit) throws Exception;
}
