package lab.guard.redisson;

import java.util.OptionalLong;
import lab.guard.Lease;
import lab.protocol.LockFact;

/**
 * One grant of Redisson's lock: the hash entry Redisson wrote ({@code <client id>:<thread id>}, the thread id this
 * grant's own number), the lab's owner for it ({@code <worker>-<pid>-<entry>}), and the token it came with, or 0.
 */
record RedissonGrant(
        long threadId,
        String entry,
        String owner,
        long fence,
        String acquired,
        String ranHow,
        LockFact.Acquired granted)
        implements Lease {
    @Override
    public OptionalLong token() {
        return fence > 0 ? OptionalLong.of(fence) : OptionalLong.empty();
    }
}
