package lab.guard;

import java.util.List;
import lab.protocol.Mode;

/**
 * Who holds a lock ({@code lock}: which kind), read from outside the workers (from the lock's own server), at one moment.
 *
 * @param holder    the owner as the mechanism records it, or null when free
 * @param ttlMillis the time left before the lock expires by itself, or -1 when it does not expire
 * @param waiters   who queues for it, in order (PostgreSQL's blocking lock); for a clustered store, each node's check-in;
 *     else empty
 */
public record LockState(Mode.Lock lock, String key, String holder, long ttlMillis, List<String> waiters) {
    public LockState {
        waiters = List.copyOf(waiters);
    }

    public boolean free() {
        return holder == null;
    }
}
