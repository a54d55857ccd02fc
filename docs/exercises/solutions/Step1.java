import java.util.Optional;
import lab.guard.exam.ExamLock;
import redis.clients.jedis.params.SetParams;

/**
 * Step 1, a reference solution: SET NX with no expiry, deleted when the job ends. One worker per tick while every
 * worker lives; a holder that dies keeps the lock for ever.
 */
public class Step1 implements ExamLock {
    @Override
    public Optional<Handle> lock(Call call) {
        String answer = call.redis().set(call.name(), call.owner(), SetParams.setParams().nx());
        if (!"OK".equals(answer)) {
            return Optional.empty();
        }
        return Optional.of(new Handle() {
            @Override
            public void unlock(Call call) {
                call.redis().del(call.name());
            }
        });
    }
}
