package lab.store;

import java.time.Instant;

/**
 * One run of the job, as the job writes it: the times are the worker's own clock readings, not the database's
 * {@code now()}, which in PostgreSQL is the transaction's start.
 *
 * @param tickAt    the start of the tick window the run belongs to
 * @param startedAt when the job began (after any lock)
 * @param createdAt when it wrote its row (the end of the job)
 * @param mode      the mode's command-line name
 */
public record RunRecord(Instant tickAt, Instant startedAt, Instant createdAt, String worker, long pid, String mode) {}
