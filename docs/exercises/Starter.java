import java.util.Optional;
import lab.guard.exam.ExamLock;

/**
 * The exam's starter: the naive lock, which every worker is granted at every tick. It is what an app with one
 * scheduler per worker process does without any lock, and the exam fails it on every trial.
 *
 * <p>Copy this file to a name of your own (the class must be named as its file: MyLock.java holds MyLock), write your
 * lock in it, and let the lab judge it:
 *
 * <pre>
 *   cp docs/exercises/Starter.java MyLock.java    # then rename the class to MyLock
 *   ./run.sh exam MyLock.java
 * </pre>
 *
 * <p>What the lab hands each call ({@link ExamLock.Call}): the lock's name, this worker's owner id, the tick and its
 * end, the longest the lock may live, a Redis connection (Jedis), PostgreSQL, and the key of the fencing counter.
 * The steps of docs/exercises/README.md say what to build, one trial at a time.
 */
public class Starter implements ExamLock {
    @Override
    public Optional<Handle> lock(Call call) {
        // Granted, whatever the other workers do: nothing here is shared across worker processes.
        return Optional.of(new Handle() {
            @Override
            public void unlock(Call call) {
                // Nothing was taken, so nothing is given back.
            }
        });
    }
}
