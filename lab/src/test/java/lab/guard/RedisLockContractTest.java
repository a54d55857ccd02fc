package lab.guard;

import java.time.Duration;
import java.util.List;
import lab.guard.redis.RedisLock;

class RedisLockContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return new LeaseGuard<>(
                worker,
                new RedisLock(worker, pid, redisUrl(), "contract", Duration.ofSeconds(60), true),
                false,
                LockListener.NONE);
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        return List.of("--mode", "redis");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
