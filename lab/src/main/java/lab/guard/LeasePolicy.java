package lab.guard;

import java.time.Duration;
import java.time.Instant;
import lab.protocol.Hold;

/**
 * What {@link LeaseGuard} does around any mechanism's lock, from the mode's knobs: how long to keep it at the
 * least, whether the key is the tick itself, whether a watchdog renews it while the job runs.
 *
 * @param recheck under the lock, the job writes only if the tick has no row yet
 * @param hold    kept at least this long once taken, or to the window's end
 * @param perTick the key names the tick: it is never given back early, only left to expire after its window
 * @param renew   a watchdog extends the lease every third of its term while the job runs (a lock that expires)
 */
public record LeasePolicy(boolean recheck, Hold hold, boolean perTick, boolean renew) {
    /** Give the lock back when the job ends: the seeds' way. */
    public static LeasePolicy plain(boolean recheck) {
        return new LeasePolicy(recheck, Hold.NONE, false, false);
    }

    /**
     * Until when the lock is kept at the least, or null to give it back when the job ends.
     *
     * <p>A per-tick key is kept past its window by the misfire grace (half a period): a worker whose fire for this
     * tick comes late is still inside that grace and must still find the key taken. A fixed key held "to the window"
     * is freed a little before the boundary instead: freed exactly at it, it races the next tick's fires, and a
     * worker that fires a millisecond early finds it taken and skips the whole next tick.
     */
    public Instant holdUntil(Tick tick, Instant acquiredAt) {
        Duration period = Duration.between(tick.at(), tick.end());
        Instant until = null;
        if (hold.window()) {
            until = tick.end().minus(boundaryMargin(period));
        } else if (!hold.atLeast().isZero()) {
            until = acquiredAt.plus(hold.atLeast());
        }
        if (perTick) {
            Instant afterWindow = tick.end().plus(period.dividedBy(2));
            until = until == null || until.isBefore(afterWindow) ? afterWindow : until;
        }
        return until;
    }

    /** A twentieth of the period, between 10 and 100 ms: well before the next fires, well after this tick's. */
    static Duration boundaryMargin(Duration period) {
        long ms = Math.max(10, Math.min(100, period.toMillis() / 20));
        return Duration.ofMillis(ms);
    }
}
