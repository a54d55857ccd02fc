package lab.guard;

import java.time.Instant;

/**
 * Where a mode's own scheduler ({@link Schedule}) hands the fires it makes: the worker's tick path, which judges and
 * runs them as it does its own scheduler's, with the mode's guard around the job (none, for a clustered store).
 */
public interface Fires {
    /** A fire scheduled at {@code scheduledAt}, read at {@code readAt}: its tick is the scheduled time's window. */
    void fired(Instant scheduledAt, Instant readAt);

    /**
     * A recovering run (Quartz's {@code isRecovering()}) of the fire originally scheduled at {@code originalAt}: it
     * belongs to that tick, not to the window it runs in, and it is never skipped as late (it is late by nature).
     */
    void recovering(Instant originalAt, Instant readAt);

    /** A fire the scheduler dropped as a misfire, read at {@code readAt}: a late skip, said as the worker's own are. */
    void dropped(Instant scheduledAt, Instant readAt);
}
