package lab.guard.shedlock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import lab.guard.LockEvent;
import lab.guard.Outcome;
import lab.protocol.GivenBack;
import lab.protocol.WorkerFact;

/**
 * What the {@code shedlock} row says after one of ShedLock's calls, in the lab's words and facts: ShedLock answers "not
 * locked" with no reason and unlocks without a word, so who held the lock, until when, and whether the unlock freed
 * anything are read from the row.
 */
final class RowSays {
    private final String worker;
    private final String name;
    private final Duration lockAtMostFor;
    private final Clock clock;

    RowSays(String worker, String name, Duration lockAtMostFor, Clock clock) {
        this.worker = worker;
        this.name = name;
        this.lockAtMostFor = lockAtMostFor;
        this.clock = clock;
    }

    /** ShedLock said "not locked": the row says who holds it until when (empty when it could not be read). */
    Outcome skipped(Optional<ShedLockTable.Row> row, String call) {
        Instant now = clock.instant();
        String holder = row.map(ShedLockTable.Row::lockedBy).orElse(null);
        Long left = row.map(
                        r -> Math.max(0, Duration.between(now, r.lockUntil()).toMillis()))
                .orElse(null);
        // Read after ShedLock's answer: the holder may have unlocked in between, which the row then shows.
        String who = row.map(r -> "held by " + r.lockedBy() + " until " + ShedLockTable.time(r.lockUntil())
                        + (r.heldAt(now) ? ", " + left + " ms left" : ", free again when the row was read") + " ("
                        + r.said() + ")")
                .orElse("held, by whom the shedlock row could not say");
        return new Outcome.Skipped(
                worker + " - ShedLock's lock '" + name + "' not acquired: " + who + "; " + call + " → not executed",
                WorkerFact.Skipped.held(name, holder, left, null));
    }

    /**
     * What ShedLock's unlock did, read from the row after it: freed now ({@code lock_until} set to now), left to free
     * itself at the end of {@code lockAtLeastFor}, or nothing, when another worker took the row before the job ended
     * (the lease ran out during the job, and the unlock's {@code WHERE locked_by = us} matched no row). One that took
     * it after the job ended took it once the unlock had freed it.
     */
    LockEvent givenBack(Optional<ShedLockTable.Row> row, String owner, Instant acquiredAt, Instant unlockAsked) {
        Instant now = clock.instant();
        long held = Duration.between(acquiredAt, now).toMillis();
        if (row.isPresent()
                && !owner.equals(row.get().lockedBy())
                && row.get().lockedAt().isBefore(unlockAsked)) {
            ShedLockTable.Row r = row.get();
            return new LockEvent(
                    worker + " - ShedLock's unlock of '" + name + "' changed nothing: the row is " + r.lockedBy()
                            + "'s since " + ShedLockTable.time(r.lockedAt()) + " (lockAtMostFor "
                            + lockAtMostFor.toMillis() + " ms ran out during the job)",
                    GivenBack.Lost.of(name, owner, r.lockedBy(), null).withHeldMs(held));
        }
        if (row.isPresent() && owner.equals(row.get().lockedBy()) && row.get().heldAt(now)) {
            Instant until = row.get().lockUntil();
            return new LockEvent(
                    worker + " - ShedLock's unlock of '" + name + "' kept it to lockAtLeastFor: free at "
                            + ShedLockTable.time(until) + " (" + row.get().said() + ")",
                    GivenBack.Released.of(name, owner, GivenBack.How.EXPIRES)
                            .expiresAt(until)
                            .withHeldMs(held));
        }
        return new LockEvent(
                worker + " - ShedLock's unlock of '" + name + "' set lock_until to now: free"
                        + row.map(r -> " (" + r.said() + ")").orElse(""),
                GivenBack.Released.of(name, owner, GivenBack.How.UNLOCK).withHeldMs(held));
    }
}
