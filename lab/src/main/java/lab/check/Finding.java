package lab.check;

import java.time.Instant;

/**
 * One thing the checker found in the counter table that needs a reason, explained: a tick that ran twice (or
 * more), a pair of runs inside the job at once, or a tick with no row.
 *
 * @param kind     which of the three
 * @param tick     the tick window it belongs to (for an overlap: the later run's)
 * @param cause    why, from the recording
 * @param sentence the cause in one sentence with its evidence: the same words on the dashboard, in the summary and
 *                 in a failing test
 */
public record Finding(Kind kind, Instant tick, Cause cause, String sentence) {
    /** The three figures that need a reason. */
    public enum Kind {
        /** A window with more than one row ({@code duplicate_ticks}). */
        DUPLICATE,
        /** A pair of runs whose {@code [started_at, created_at]} intersect ({@code overlaps}). */
        OVERLAP,
        /** A window with no row ({@code missed_ticks}). */
        MISSED;

        /** Whether a cause of this group can explain it: the missed-tick causes, or the ran-twice ones. */
        public boolean missed() {
            return this == MISSED;
        }
    }
}
