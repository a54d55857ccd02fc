package lab.guard.idempotent;

import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.Jobs;
import lab.guard.Outcome;
import lab.guard.Permit;
import lab.guard.Tick;

/**
 * Mode {@code idempotent}: no lock at all. Every worker runs every tick, and the row carries the tick's idempotency
 * key ({@code <job>:<window start>}) under a unique index, so the database keeps the first writer's row and the
 * others' inserts do nothing. The holder dying or pausing cannot matter: nothing is held. The store down fails the
 * write, as in every mode. What it does not cure: the job's other effects (an e-mail sent) happen in every worker.
 */
public final class IdempotentWrite implements Guard {
    private final String worker;
    private final boolean recheck;

    public IdempotentWrite(String worker, boolean recheck) {
        this.worker = worker;
        this.recheck = recheck;
    }

    /** The key every worker computes alike for one tick: the job and its window, not the worker or its clock. */
    public static String key(Tick tick) {
        return tick.job() + ":" + tick.at();
    }

    @Override
    public Outcome run(Tick tick, Job job) {
        String key = key(tick);
        return Jobs.run(worker, job, tick, Permit.keyed(recheck, key), "ran with no lock", null, key);
    }
}
