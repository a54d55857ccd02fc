package lab.store;

import java.time.Instant;

/**
 * One row of the {@code refused} table: a write a fenced store turned down, its token lower than the last it accepted.
 *
 * @param at when the write was refused (the worker's clock)
 */
public record RefusedWrite(long id, Instant tickAt, String worker, long pid, long token, long lastToken, Instant at) {}
