import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import lab.guard.exam.ExamLock;

/**
 * Step 4, a reference solution: step 3's lock, and a fencing token with each grant, drawn from INCR on the lab's
 * fencing counter in the same script as the grant. The job's write carries it, and the store refuses a token lower
 * than the last it accepted: a holder that was paused past its lease writes too late and is refused.
 */
public class Step4 implements ExamLock {
    /**
     * Takes the lock (SET NX PX) and, only if it got it, draws the next token, in one script: nothing can come between
     * the two. Drawn in a second command, a holder paused between them would draw its token after a later holder drew
     * its own, and carry the higher one.
     */
    static final String GRANT = "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then"
            + " return redis.call('incr', KEYS[2]) end return false";

    static final String KEEP_TO =
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpireat', KEYS[1], ARGV[2]) end"
                    + " return 0";

    @Override
    public Optional<Handle> lock(Call call) {
        long ttl = call.atMostFor().toMillis();
        // Reckoned before asking: the server's countdown starts after this instant, never before it.
        Instant expires = call.now().plusMillis(ttl);
        Object token = call.redis()
                .eval(GRANT, List.of(call.name(), call.fencingCounter()), List.of(call.owner(), Long.toString(ttl)));
        if (token == null) {
            return Optional.empty();
        }
        long granted = (Long) token;
        Instant tickEnd = call.tickEnd();
        return Optional.of(new Handle() {
            @Override
            public void unlock(Call call) {
                call.redis()
                        .eval(KEEP_TO, List.of(call.name()), List.of(call.owner(), Long.toString(tickEnd.toEpochMilli())));
            }

            @Override
            public OptionalLong token() {
                return OptionalLong.of(granted);
            }

            @Override
            public Optional<Instant> expiresAt() {
                return Optional.of(expires);
            }
        });
    }
}
