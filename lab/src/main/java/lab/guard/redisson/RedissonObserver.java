package lab.guard.redisson;

import java.util.List;
import lab.guard.LockObserver;
import lab.guard.LockState;
import lab.guard.redis.ScriptReader;

/**
 * Reads Redisson's lock from outside, as a learner would with {@code redis-cli}: {@code HGETALL} and {@code PTTL} of
 * its hash, in one script through the lab's own Redis client; the launcher loads no class of Redisson or Netty. The
 * holder is the owner entry with its hold count, named by the worker whose client id it begins with.
 */
final class RedissonObserver implements LockObserver {
    private final String name;
    private final List<String> keys;
    private final ScriptReader reader;

    RedissonObserver(String url, String job) {
        this.name = RedissonNames.lock(job);
        this.keys = List.of(name, RedissonNames.owners(job));
        this.reader = new ScriptReader(url, RedissonHash.READ);
    }

    @Override
    public LockState observe() {
        RedissonHash.Snapshot h = RedissonHash.parse(reader.read(keys));
        return h.free()
                ? new LockState(RedissonMode.LOCK, name, null, -1, List.of())
                : new LockState(RedissonMode.LOCK, name, h.shown(), h.pttl(), List.of());
    }

    @Override
    public void close() {
        reader.close();
    }
}
