package lab.guard;

import java.time.Duration;
import java.util.List;
import lab.guard.redis.RedisLock;

class RedisLockContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new LeaseGuard<>(
                worker,
                new RedisLock(
                        worker,
                        pid,
                        redisUrl(),
                        "contract",
                        false,
                        Duration.ofSeconds(60),
                        true,
                        java.time.Clock.systemUTC()),
                LeasePolicy.plain(false),
                LockListener.NONE,
                java.time.Clock.systemUTC());
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Decided: held to the tick's end, a worker late by up to half a period still finds the lock taken.
        return List.of("--mode", "redis", "--hold-at-least", "window");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
