package lab.check;

import java.time.Instant;
import java.util.Optional;

/**
 * The pair rule about a clock the lab skewed: each worker fires, and reads a lease's end, on its own wall clock, so a
 * worker ahead of another fires the same tick early and may give the lock back before the other fires, or judges
 * over a lease that the other's clock still runs. The offsets are the lab's own (its {@code skew} faults), so exact.
 * {@link TwiceRules} tries it in precedence order, after the causes that say how the lock itself was lost.
 */
final class SkewRules {
    private SkewRules() {}

    static Optional<String> clockSkew(JobRun a, JobRun b, RecordingIndex history, Said said) {
        LabSkews skews = history.skews();
        if (skews.skews().isEmpty() || a.fired() == null || b.fired() == null || a.acquired() == null) {
            return Optional.empty();
        }
        long aOffset = skews.setAt(a.who(), a.fired().ts());
        long ahead = aOffset - skews.setAt(b.who(), b.fired().ts());
        Optional<String> early = firedEarly(a, b, ahead, said);
        return early.isPresent() ? early : judgedOverTooSoon(a, b, ahead, aOffset, said);
    }

    /**
     * a's clock ahead of b's made a fire the tick that much before b, and a's lock was free again when b asked for it:
     * the skew, not the jitter, is most of the gap between their fires.
     */
    private static Optional<String> firedEarly(JobRun a, JobRun b, long ahead, Said said) {
        long gap = Said.ms(a.fired().ts(), b.fired().ts());
        if (ahead <= 0
                || !a.row().tickAt().equals(b.row().tickAt())
                || ahead * 2 < gap
                || !LockRules.freeWhenAsked(a, b)) {
            return Optional.empty();
        }
        return Optional.of(a.who() + "'s clock was " + ahead + " ms ahead of " + b.who() + "'s: " + a.who()
                + " fired at " + said.at(a.fired().ts()) + " on the machine's clock and freed " + a.lock() + " at "
                + said.at(a.freeAt()) + "; " + b.who() + " fired " + gap + " ms later, at "
                + said.at(b.fired().ts()) + ", and "
                + (b.acquired() != null ? "took it at " + said.at(b.acquired().ts()) : "ran it"));
    }

    /**
     * b's clock ahead of a's read a's lease as over while, on the machine's clock, it still ran: a lease written as an
     * end time on a's clock (ShedLock's {@code lock_until} without {@code usingDbTime()}) and compared with b's.
     */
    private static Optional<String> judgedOverTooSoon(JobRun a, JobRun b, long ahead, long aOffset, Said said) {
        long bAhead = -ahead;
        if (bAhead <= 0 || b.acquired() == null || a.acquired().fact().expiresAt() == null) {
            return Optional.empty();
        }
        Instant took = b.acquired().ts();
        Instant free = a.freeAt();
        // a's end time as written, on its own clock; on the machine's it is that minus a's own offset.
        Instant endWritten = a.acquired().fact().expiresAt();
        Instant endOnMachine = endWritten.minusMillis(aOffset);
        if (!took.isBefore(endOnMachine)
                || free != null && !took.isBefore(free)
                || took.isBefore(endOnMachine.minusMillis(bAhead + Clocks.BOUND.toMillis()))) {
            return Optional.empty();
        }
        return Optional.of(b.who() + "'s clock was " + bAhead + " ms ahead of " + a.who() + "'s: " + a.who()
                + " held " + a.lock() + " until " + said.at(endOnMachine) + " by the machine's clock; " + b.who()
                + " read that end as past and took it at " + said.at(took) + ", while " + a.who()
                + "'s job still ran");
    }
}
