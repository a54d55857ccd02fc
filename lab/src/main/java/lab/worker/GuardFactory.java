package lab.worker;

import java.time.Duration;
import lab.guard.Guard;
import lab.guard.LockListener;
import lab.guard.local.InJvmMutexGuard;
import lab.guard.none.NoGuard;
import lab.guard.postgres.PostgresAdvisoryGuard;
import lab.guard.redis.RedisLockGuard;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerConfig;

/** Builds the guard a mode names. The only place that knows every mechanism, so guards need not know each other. */
final class GuardFactory {
    private final WorkerConfig config;
    private final long pid;

    GuardFactory(WorkerConfig config, long pid) {
        this.config = config;
        this.pid = pid;
    }

    /** Ten ticks, and never under 5 s: long enough for every lesson's queue, short enough to bound a pile-up. */
    private Duration waitLimit() {
        Duration ten = config.every().multipliedBy(10);
        return ten.compareTo(Duration.ofSeconds(5)) < 0 ? Duration.ofSeconds(5) : ten;
    }

    Guard build(ModeSpec spec, LockListener listener) {
        return switch (spec.mode()) {
            case NAIVE -> new NoGuard(config.worker(), spec.recheck());
            case LOCAL_MUTEX -> new InJvmMutexGuard(config.worker(), spec.recheck(), listener);
            case REDIS -> new RedisLockGuard(
                    config.worker(),
                    pid,
                    config.redisUrl(),
                    config.job(),
                    spec.lockTtl(),
                    "safe".equals(spec.release()),
                    spec.recheck(),
                    listener);
            case POSTGRES -> new PostgresAdvisoryGuard(
                    config.worker(),
                    config.pgUrl(),
                    "wait".equals(spec.pgLock()),
                    spec.recheck(),
                    waitLimit(),
                    listener);
        };
    }
}
