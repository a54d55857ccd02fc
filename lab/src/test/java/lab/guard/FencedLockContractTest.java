package lab.guard;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import lab.guard.redis.FencingCounter;
import lab.guard.redis.RedisLock;

/** The fenced lock keeps the Redis lock's contract: one run per tick, across threads and across processes. */
class FencedLockContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        // The launcher restores the counter before any worker may take the lock; so does this test.
        FencingCounter.restore(redisUrl(), "fenced-contract", 0);
        return new LeaseGuard<>(
                worker,
                new RedisLock(
                        worker,
                        pid,
                        redisUrl(),
                        "fenced-contract",
                        false,
                        Duration.ofSeconds(60),
                        true,
                        Clock.systemUTC(),
                        true,
                        Duration.ZERO),
                LeasePolicy.plain(false),
                LockListener.NONE,
                Clock.systemUTC());
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Decided: held to the tick's end, a worker late by up to half a period still finds the lock taken.
        return List.of("--mode", "fenced", "--hold-at-least", "window");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
