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

    static Optional<Evidence> clockSkew(JobRun a, JobRun b, RecordingIndex history, Said said) {
        LabSkews skews = history.skews();
        if (skews.skews().isEmpty() || a.fired() == null || b.fired() == null || a.acquired() == null) {
            return Optional.empty();
        }
        long aOffset = skews.setAt(a.who(), a.fired().ts());
        long ahead = aOffset - skews.setAt(b.who(), b.fired().ts());
        Optional<Evidence> early = firedEarly(a, b, ahead, said);
        return early.isPresent() ? early : judgedOverTooSoon(a, b, ahead, aOffset, said);
    }

    /**
     * a's clock ahead of b's made a fire the tick that much before b, and a's lock was free again when b asked for it:
     * the skew, not the jitter, is most of the gap between their fires.
     */
    private static Optional<Evidence> firedEarly(JobRun a, JobRun b, long ahead, Said said) {
        long gap = Said.ms(a.fired().ts(), b.fired().ts());
        if (ahead <= 0
                || !a.row().tickAt().equals(b.row().tickAt())
                || ahead * 2 < gap
                || !HandOverRules.freeWhenAsked(a, b)) {
            return Optional.empty();
        }
        String aFired = said.at(a.fired().ts());
        String freed = said.at(a.freeAt());
        String bFired = said.at(b.fired().ts());
        String took = b.acquired() == null ? null : said.at(b.acquired().ts());
        return Evidence.of(
                a.who() + "'s clock was " + ahead + " ms ahead of " + b.who() + "'s: " + a.who() + " fired at " + aFired
                        + " on the machine's clock and freed " + a.lock() + " at " + freed + "; " + b.who() + " fired "
                        + gap + " ms later, at " + bFired + ", and " + (took == null ? "ran it" : "took it at " + took),
                a.who() + " 的时钟比 " + b.who() + " 的快 " + ahead + " ms：按机器的时钟，" + a.who() + " 在 " + aFired
                        + " 触发，在 " + freed + " 释放了 " + a.lockZh() + "；" + b.who() + " 晚 " + gap + " ms，在 "
                        + bFired + " 触发，" + (took == null ? "然后跑了它" : "在 " + took + " 拿到了它"));
    }

    /**
     * b's clock ahead of a's read a's lease as over while, on the machine's clock, it still ran: a lease written as an
     * end time on a's clock (ShedLock's {@code lock_until} without {@code usingDbTime()}) and compared with b's.
     */
    private static Optional<Evidence> judgedOverTooSoon(JobRun a, JobRun b, long ahead, long aOffset, Said said) {
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
        String end = said.at(endOnMachine);
        String tookAt = said.at(took);
        return Evidence.of(
                b.who() + "'s clock was " + bAhead + " ms ahead of " + a.who() + "'s: " + a.who() + " held " + a.lock()
                        + " until " + end + " by the machine's clock; " + b.who()
                        + " read that end as past and took it at " + tookAt + ", while " + a.who()
                        + "'s job still ran",
                b.who() + " 的时钟比 " + a.who() + " 的快 " + bAhead + " ms：按机器的时钟，" + a.who() + " 持有 " + a.lockZh()
                        + " 到 " + end + "；" + b.who() + " 却以为这个到期时间已经过了，在 " + tookAt + " 拿到了它，而 "
                        + a.who() + " 的任务还在跑");
    }
}
