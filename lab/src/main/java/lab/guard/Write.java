package lab.guard;

import java.time.Instant;

/** What became of the job's write: the job answers it, the guard turns it into an {@link Outcome}. */
public sealed interface Write {
    /** The row is in the table; the job's own clock readings, as the row has them. */
    record Written(Instant startedAt, Instant endedAt) implements Write {}

    /** Nothing written: the re-check under the lock found the tick's row already there. */
    record AlreadyThere() implements Write {}

    /**
     * The job ran to its end and the store kept an earlier row instead: its idempotency key was written already, so
     * the insert did nothing ({@code why} says so, with the key). Not {@link AlreadyThere}: this run did the work.
     */
    record NotWritten(Instant startedAt, Instant endedAt, String why) implements Write {}

    /**
     * The job ran to its end and the store refused its row: its fencing token was lower than the last one the store
     * had accepted (another worker took the lock, with a higher token, after this one's lease had run out).
     */
    record Refused(Instant startedAt, Instant endedAt, long token, long lastToken) implements Write {}
}
