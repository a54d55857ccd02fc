import java.time.Instant;
import java.util.List;
import java.util.Optional;
import lab.guard.exam.ExamLock;
import redis.clients.jedis.params.SetParams;

/**
 * Step 3, a reference solution: SET NX with an expiry (the trial's lock-ttl), and at the end of the job, instead of a
 * delete, the expiry moved to the tick's end, if the lock is still this worker's: a worker that fires late in the
 * same tick finds it taken.
 */
public class Step3 implements ExamLock {
    /** Moves the key's expiry to ARGV[2] (ms since the epoch) only while it holds ARGV[1], this worker's owner id. */
    static final String KEEP_TO =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpireat', KEYS[1], ARGV[2]) end"
                    + " return 0";

    @Override
    public Optional<Handle> lock(Call call) {
        long ttl = call.atMostFor().toMillis();
        // Reckoned before asking: the server's countdown starts after this instant, never before it.
        Instant expires = call.now().plusMillis(ttl);
        String answer = call.redis().set(call.name(), call.owner(), SetParams.setParams().nx().px(ttl));
        if (!"OK".equals(answer)) {
            return Optional.empty();
        }
        Instant tickEnd = call.tickEnd();
        return Optional.of(new Handle() {
            @Override
            public void unlock(Call call) {
                call.redis()
                        .eval(KEEP_TO, List.of(call.name()), List.of(call.owner(), Long.toString(tickEnd.toEpochMilli())));
            }

            @Override
            public Optional<Instant> expiresAt() {
                return Optional.of(expires);
            }
        });
    }
}
