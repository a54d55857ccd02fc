package lab.guard;

import java.util.List;
import lab.guard.redisson.RedissonMode;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;

/**
 * Redisson's RLock.tryLock on the real Redis: four threads with four guards (each its own Redisson client, as each
 * worker process has), then four worker processes, as the hand-made locks are held to.
 */
class RedissonContractTest extends GuardContract {
    @Override
    Guard build(String worker, long pid) {
        return RedissonMode.guard(
                worker,
                pid,
                redisUrl(),
                "contract",
                ModeSpec.defaults(Mode.byName("redisson").orElseThrow()),
                TokenLedger.NONE);
    }

    @Override
    int runsPerTick() {
        return 1;
    }

    @Override
    List<String> modeFlags() {
        // Decided: the hash left to expire at the tick's end, a worker late by up to half a period still finds it
        // held. Not with renew on: Redisson's watchdog would renew a hash left to expire (the mode refuses the two).
        return List.of("--mode", "redisson", "--" + Knobs.HOLD_AT_LEAST.name(), "window");
    }

    @Override
    int rowsPerTickAcrossProcesses() {
        return 1;
    }
}
