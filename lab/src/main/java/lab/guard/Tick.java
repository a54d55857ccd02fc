package lab.guard;

import java.time.Instant;

/**
 * One firing of the job's trigger in one worker.
 *
 * @param at  the start of the tick window this fire belongs to (the counter table's {@code tick_at})
 * @param end the end of that window: a lock held "until the tick ends" is held until here
 * @param job the job's name, part of lock keys ({@code scheduler_lock:<job>})
 */
public record Tick(Instant at, Instant end, String job) {}
