package lab.session;

import java.util.List;
import lab.protocol.Mode;

/**
 * Who holds the lock now, read from the outside of the workers.
 *
 * @param lock which kind of lock the mode in force takes
 * @param key what is locked, as the learner would type it: {@code scheduler_lock:tick}, {@code advisory 42}
 * @param holder null when nobody holds it
 * @param ttlMillis remaining time to live, -1 when unknown or not applicable
 * @param ttlTotalMillis the TTL the lock was taken with, for the bar
 * @param waiters PostgreSQL sessions waiting for the lock (application names), first in line first
 * @param localHolders local-mutex: every worker holding its own mutex now (several at once is the lesson)
 * @param note null, or one line that explains what the panel cannot show (server down, not ours)
 */
public record LockView(
        Mode.Lock lock,
        String key,
        String holder,
        long ttlMillis,
        long ttlTotalMillis,
        List<String> waiters,
        List<String> localHolders,
        String note) {

    public LockView {
        waiters = List.copyOf(waiters);
        localHolders = List.copyOf(localHolders);
    }
}
