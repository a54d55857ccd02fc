package lab.worker;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import lab.guard.Guard;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.LockListener;
import lab.guard.TokenLedger;
import lab.guard.host.HostFileLock;
import lab.guard.local.InJvmMutex;
import lab.guard.none.IdempotentWrite;
import lab.guard.none.NoGuard;
import lab.guard.postgres.PostgresAdvisoryLock;
import lab.guard.redis.RedisLock;
import lab.protocol.Knobs;
import lab.protocol.LockKey;
import lab.protocol.LockServers;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.OnLockError;
import lab.protocol.PgLock;
import lab.protocol.Release;
import lab.protocol.WorkerConfig;

/** Builds the guard a mode names. The only place that knows every mechanism, so guards need not know each other. */
final class GuardFactory {
    private final WorkerConfig config;
    private final long pid;
    private final Clock clock;
    private final TokenLedger ledger;

    /** @param ledger where the fenced lock's tokens are written down before use: the worker's own store */
    GuardFactory(WorkerConfig config, long pid, Clock clock, TokenLedger ledger) {
        this.config = config;
        this.pid = pid;
        this.clock = clock;
        this.ledger = ledger;
    }

    /** Ten ticks, and never under 5 s: long enough for every lesson's queue, short enough to bound a pile-up. */
    private Duration waitLimit() {
        Duration ten = config.every().multipliedBy(10);
        return ten.compareTo(Duration.ofSeconds(5)) < 0 ? Duration.ofSeconds(5) : ten;
    }

    Guard build(ModeSpec spec, LockListener listener) {
        String w = config.worker();
        boolean perTick = spec.get(Knobs.LOCK_KEY) == LockKey.PER_TICK;
        // Every knob of the lease is a policy of the one template; a mechanism the knob does not concern ignores it.
        LeasePolicy lease =
                new LeasePolicy(spec.get(Knobs.RECHECK), spec.get(Knobs.HOLD_AT_LEAST), perTick, spec.get(Knobs.RENEW));
        int server = LockServers.of(w, spec.get(Knobs.LOCK_SERVERS));
        // Split over two lock servers, the lock events (acquired, released, renewed, lost) say which one: two holders
        // of one key are then told apart.
        LockListener on =
                server == 1 && spec.get(Knobs.LOCK_SERVERS) == 1 ? listener : marked(listener, "lock_server", server);
        return switch (spec.mode()) {
            case NAIVE -> new NoGuard(w, spec.get(Knobs.RECHECK));
            case IDEMPOTENT -> new IdempotentWrite(w, spec.get(Knobs.RECHECK));
            case HOST_MUTEX -> new LeaseGuard<>(
                    w,
                    new HostFileLock(
                            w,
                            pid,
                            config.host(),
                            config.lockDir() == null ? null : Path.of(config.lockDir()),
                            config.job()),
                    // One file per job, given back by its holder: per-tick keys and renewal concern leases elsewhere.
                    new LeasePolicy(spec.get(Knobs.RECHECK), spec.get(Knobs.HOLD_AT_LEAST), false, false),
                    listener,
                    clock);
            case LOCAL_MUTEX -> new LeaseGuard<>(
                    w, new InJvmMutex(w, pid), LeasePolicy.plain(spec.get(Knobs.RECHECK)), listener, clock);
            case REDIS, FENCED -> new LeaseGuard<>(
                    w,
                    new RedisLock(
                            w,
                            pid,
                            LockServers.redis(config.redisUrl(), server),
                            config.job(),
                            perTick,
                            spec.get(Knobs.LOCK_TTL),
                            spec.get(Knobs.RELEASE) == Release.SAFE,
                            clock,
                            spec.mode() == Mode.FENCED,
                            spec.get(Knobs.LOCK_WAIT)),
                    lease,
                    on,
                    clock,
                    fallback(spec, on),
                    spec.mode() == Mode.FENCED ? ledger : TokenLedger.NONE);
            case POSTGRES -> new LeaseGuard<>(
                    w,
                    new PostgresAdvisoryLock(
                            w,
                            pid,
                            LockServers.postgres(config.pgUrl(), server),
                            spec.get(Knobs.PG_LOCK) == PgLock.WAIT,
                            perTick,
                            waitLimit()),
                    lease,
                    on,
                    clock,
                    fallback(spec, on));
        };
    }

    /**
     * With {@code on-lock-error local}, what the seed falls back to when the lock's server is down: this process's own
     * mutex. Its events say {@code fallback: true}, so that the duplicates it lets through can be told from others.
     */
    private Guard fallback(ModeSpec spec, LockListener listener) {
        if (spec.get(Knobs.ON_LOCK_ERROR) != OnLockError.LOCAL) {
            return null;
        }
        return new LeaseGuard<>(
                config.worker(),
                new InJvmMutex(config.worker(), pid),
                LeasePolicy.plain(spec.get(Knobs.RECHECK)),
                marked(listener, "fallback", true),
                clock);
    }

    /** The listener with one more field on every event. */
    private static LockListener marked(LockListener listener, String field, Object value) {
        return (type, tick, detail, fields) -> {
            Map<String, Object> m = new LinkedHashMap<>(fields);
            m.put(field, value);
            listener.on(type, tick, detail, m);
        };
    }
}
