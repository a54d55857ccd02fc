package lab.guard;

import java.time.Instant;

/**
 * One firing of the job's trigger in one worker.
 *
 * @param at      the start of the tick window this fire belongs to (the counter table's {@code tick_at})
 * @param firedAt when this worker's scheduler actually fired
 * @param job     the job's name, part of lock keys ({@code scheduler_lock:<job>})
 */
public record Tick(Instant at, Instant firedAt, String job) {}
