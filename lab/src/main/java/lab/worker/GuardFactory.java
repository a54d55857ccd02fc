package lab.worker;

import java.time.Clock;
import java.time.Duration;
import lab.guard.Clients;
import lab.guard.Fires;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.LockListener;
import lab.guard.ModeDeclaration;
import lab.guard.Schedule;
import lab.guard.TokenLedger;
import lab.guard.local.InJvmMutex;
import lab.protocol.Knobs;
import lab.protocol.LockFact;
import lab.protocol.LockKey;
import lab.protocol.LockServer;
import lab.protocol.LockServers;
import lab.protocol.ModeSpec;
import lab.protocol.OnLockError;
import lab.protocol.WorkerConfig;

/**
 * Builds the guard a mode names, through the mode's own declaration: no line here knows a mechanism but the seed's
 * local fallback. It holds the worker's server clients, which outlive every guard: opened the first time a mode needs
 * them, kept across switches, closed when the worker stops ({@link #close}).
 */
final class GuardFactory implements AutoCloseable {
    private final WorkerConfig config;
    private final long pid;
    private final Clock clock;
    private final TokenLedger ledger;
    private final Clients clients = new Clients();

    /** @param ledger where the fenced lock's tokens are written down before use: the worker's own store */
    GuardFactory(WorkerConfig config, long pid, Clock clock, TokenLedger ledger) {
        this.config = config;
        this.pid = pid;
        this.clock = clock;
        this.ledger = ledger;
    }

    /** The guard around the job in {@code spec}'s mode: in a mode that owns the schedule, what runs when it fires. */
    Guard build(ModeSpec spec, LockListener listener) {
        return ModeDeclaration.of(spec.mode()).guard(new Context(spec, listener));
    }

    /** What replaces the worker's own scheduler in {@code spec}'s mode, which must own the schedule. */
    Schedule schedule(ModeSpec spec, Fires fires, LockListener listener) {
        return ModeDeclaration.of(spec.mode()).schedule(new Context(spec, listener), fires);
    }

    /** The worker's clients, for a test that counts them across switches. */
    Clients clients() {
        return clients;
    }

    /** The worker stops: its clients close, after the last guard that used them. */
    @Override
    public void close() {
        clients.close();
    }

    /** What one mode's declaration may use, for one build. */
    private final class Context implements GuardContext {
        private final ModeSpec spec;
        private final LockListener listener;
        private final int server;

        Context(ModeSpec spec, LockListener listener) {
            this.spec = spec;
            this.listener = listener;
            this.server = LockServers.of(config.worker(), spec.get(Knobs.LOCK_SERVERS));
        }

        @Override
        public String worker() {
            return config.worker();
        }

        @Override
        public long pid() {
            return pid;
        }

        @Override
        public WorkerConfig config() {
            return config;
        }

        @Override
        public ModeSpec spec() {
            return spec;
        }

        @Override
        public Clock clock() {
            return clock;
        }

        @Override
        public LeasePolicy lease() {
            // Every knob of the lease is a policy of the one template; a mechanism the knob does not concern ignores
            // it.
            return new LeasePolicy(
                    spec.get(Knobs.RECHECK),
                    spec.get(Knobs.HOLD_AT_LEAST),
                    spec.get(Knobs.LOCK_KEY) == LockKey.PER_TICK,
                    spec.get(Knobs.RENEW));
        }

        @Override
        public int lockServer() {
            return server;
        }

        @Override
        public LockListener listener() {
            return listener;
        }

        @Override
        public LockListener lockServerListener() {
            // Split over two lock servers, the lock events (acquired, released, renewed, lost) say which one: two
            // holders of one key are then told apart.
            return server == 1 && spec.get(Knobs.LOCK_SERVERS) == 1
                    ? listener
                    : marked(listener, LockServer.numbered(server), false);
        }

        @Override
        public TokenLedger ledger() {
            return ledger;
        }

        /**
         * With {@code on-lock-error local}, what the seed falls back to when the lock's server is down: this
         * process's own mutex. Its events say {@code fallback: true}, so that the duplicates it lets through can be
         * told from others.
         */
        @Override
        public Guard fallback() {
            if (spec.get(Knobs.ON_LOCK_ERROR) != OnLockError.LOCAL) {
                return null;
            }
            return new LeaseGuard<>(
                    config.worker(),
                    new InJvmMutex(config.worker(), pid),
                    LeasePolicy.plain(spec.get(Knobs.RECHECK)),
                    marked(lockServerListener(), null, true),
                    clock);
        }

        /** Ten ticks, and never under 5 s: long enough for every lesson's queue, short enough to bound a pile-up. */
        @Override
        public Duration waitLimit() {
            Duration ten = config.every().multipliedBy(10);
            return ten.compareTo(Duration.ofSeconds(5)) < 0 ? Duration.ofSeconds(5) : ten;
        }

        @Override
        public Clients clients() {
            return clients;
        }
    }

    /** The listener with every lock event marked: its lock server, or the fallback lock. */
    private static LockListener marked(LockListener listener, LockServer server, boolean fallback) {
        return (tick, detail, fact) ->
                listener.on(tick, detail, fact instanceof LockFact l ? l.marked(server, fallback) : fact);
    }
}
