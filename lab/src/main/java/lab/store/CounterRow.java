package lab.store;

import java.time.Instant;

/** One row of the {@code counter} table: one run of the job, as the database kept it. */
public record CounterRow(
        long id, Instant createdAt, Instant tickAt, Instant startedAt, String worker, long pid, String mode) {}
