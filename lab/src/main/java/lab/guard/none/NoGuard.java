package lab.guard.none;

import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.Jobs;
import lab.guard.Outcome;
import lab.guard.Permit;
import lab.guard.Tick;

/**
 * Mode {@code naive}: nothing around the job. Every worker's scheduler runs every tick — the bug. Nothing to
 * die, pause or go down: there is no lock.
 */
public final class NoGuard implements Guard {
    private final String worker;
    private final Permit permit;

    /** With {@code recheck}, the job checks for the tick's row before writing — with no lock, a race it loses. */
    public NoGuard(String worker, boolean recheck) {
        this.worker = worker;
        this.permit = Permit.of(recheck);
    }

    @Override
    public Outcome run(Tick tick, Job job) {
        return Jobs.run(worker, job, tick, permit, "ran with no lock", null, null);
    }
}
