package lab.check;

import java.time.Instant;
import lab.protocol.Lang;

/**
 * One thing the checker found in the counter table that needs a reason, explained: a tick that ran twice (or
 * more), a pair of runs inside the job at once, or a tick with no row.
 *
 * @param kind     which of the three
 * @param tick     the tick window it belongs to (for an overlap: the later run's)
 * @param cause    why, from the recording
 * @param sentence the cause in one sentence with its evidence: the same words in the recording, the summary and a
 *                 failing test
 * @param zh       the same sentence in Chinese, for a screen in Chinese: the same facts and the same times
 */
public record Finding(Kind kind, Instant tick, Cause cause, String sentence, String zh) {
    /**
     * A finding written by hand, where only its English is read (a fixture, a test): its Chinese is the English. The
     * explainer never builds one this way; each of its rules says its evidence in both.
     */
    public Finding(Kind kind, Instant tick, Cause cause, String sentence) {
        this(kind, tick, cause, sentence, sentence);
    }

    /** The sentence in {@code lang}: Chinese on a screen in Chinese, English everywhere else. */
    public String sentence(Lang lang) {
        return lang.pick(sentence, zh);
    }

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
