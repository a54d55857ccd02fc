import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import lab.guard.exam.ExamLock;
import redis.clients.jedis.params.SetParams;

/**
 * Step 4, a reference solution: step 3's lock, and a fencing token with each grant, drawn from INCR on the lab's
 * fencing counter. The job's write carries it, and the store refuses a token lower than the last it accepted: a
 * holder that was paused past its lease writes too late and is refused.
 */
public class Step4 implements ExamLock {
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
        // Drawn after the grant: a later grant always draws a higher one.
        long token = call.redis().incr(call.fencingCounter());
        Instant tickEnd = call.tickEnd();
        return Optional.of(new Handle() {
            @Override
            public void unlock(Call call) {
                call.redis()
                        .eval(KEEP_TO, List.of(call.name()), List.of(call.owner(), Long.toString(tickEnd.toEpochMilli())));
            }

            @Override
            public OptionalLong token() {
                return OptionalLong.of(token);
            }

            @Override
            public Optional<Instant> expiresAt() {
                return Optional.of(expires);
            }
        });
    }
}
