package lab.store;

import java.time.Instant;

/**
 * One row of the {@code job_runs} table: one run of the job, whatever became of its {@code counter} row.
 *
 * @param endedAt when the job ended (its write, kept or not)
 * @param wrote   whether the store kept its {@code counter} row (false: an idempotent key already there, a stale
 *     fencing token)
 */
public record JobRunRow(
        long id,
        Instant tickAt,
        String worker,
        long pid,
        String mode,
        Instant startedAt,
        Instant endedAt,
        boolean wrote) {}
