package lab.guard.shedlock;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import javax.sql.DataSource;
import lab.guard.Clients;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeasePolicy;
import lab.guard.LockListener;
import lab.guard.LockObserver;
import lab.guard.ModeDeclaration;
import lab.guard.postgres.PostgresLocks;
import lab.protocol.BadFieldException;
import lab.protocol.Durations;
import lab.protocol.Hold;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.LockOwner;
import lab.protocol.ModeSpec;

/**
 * Mode {@code shedlock}, key 8: ShedLock's {@code DefaultLockingTaskExecutor} over {@code JdbcTemplateLockProvider} on
 * the lab's PostgreSQL, the {@code shedlock} table as ShedLock's README gives it. The lab's knobs are ShedLock's own:
 * {@code lock-ttl} is {@code lockAtMostFor}, {@code hold-at-least} {@code lockAtLeastFor} ({@code window}: to the
 * tick's end), {@code renew} {@code KeepAliveLockProvider}, {@code db-time} {@code usingDbTime()}. Spring's classes are
 * loaded here only, when a worker first builds this mode's guard.
 */
public final class ShedLockMode extends ModeDeclaration {
    /** ShedLock's {@code usingDbTime()}: its own knob, declared here. */
    public static final Knob<Boolean> DB_TIME = Knob.onOff(
            "db-time",
            "ShedLock reads the time from the database (usingDbTime()) instead of the worker's clock",
            false);

    @Override
    public List<Knob<?>> ownKnobs() {
        return List.of(DB_TIME);
    }

    static final Lock LOCK = new Lock("shedlock", "shedlock", Sight.LEASE, "ShedLock's lock ");

    /** KeepAliveLockProvider's own floor: it refuses a shorter lockAtMostFor, and extends every half of it. */
    static final Duration KEEP_ALIVE_FLOOR = Duration.ofSeconds(30);

    @Override
    public String cliName() {
        return "shedlock";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('8');
    }

    @Override
    public Hue hue() {
        return Hue.GREEN;
    }

    @Override
    public Lock lock() {
        return LOCK;
    }

    @Override
    public Set<Knob<?>> concerns() {
        return Set.of(Knobs.LOCK_TTL, Knobs.HOLD_AT_LEAST, Knobs.RENEW, DB_TIME);
    }

    @Override
    public Set<Need> needs() {
        return Set.of(Need.POSTGRES);
    }

    /** ShedLock's two refusals, said first and by the knob: a worker would otherwise fail every tick with them. */
    @Override
    public void checkKnobs(ModeSpec spec) {
        Duration ttl = spec.get(Knobs.LOCK_TTL);
        Hold hold = spec.get(Knobs.HOLD_AT_LEAST);
        if (spec.get(Knobs.RENEW) && ttl.compareTo(KEEP_ALIVE_FLOOR) < 0) {
            throw new BadFieldException(
                    Knobs.RENEW.name(),
                    "on",
                    null,
                    "renew on is ShedLock's KeepAliveLockProvider, which refuses a lockAtMostFor under 30s (\"Can not"
                            + " use KeepAliveLockProvider with lockAtMostFor shorter than PT30S\"); lock-ttl is "
                            + Durations.format(ttl) + " (expected lock-ttl 30s or more, or renew off)");
        }
        if (!hold.window() && hold.atLeast().compareTo(ttl) > 0) {
            throw new BadFieldException(
                    Knobs.HOLD_AT_LEAST.name(),
                    hold.toString(),
                    null,
                    "hold-at-least is ShedLock's lockAtLeastFor, which may not exceed its lockAtMostFor (\"lockAtLeastFor"
                            + " is longer than lockAtMostFor\"): " + hold + " is longer than lock-ttl "
                            + Durations.format(ttl) + " (expected hold-at-least " + Durations.format(ttl)
                            + " or less, window, or a longer lock-ttl)");
        }
    }

    @Override
    public Guard guard(GuardContext ctx) {
        Clients clients = ctx.clients();
        KeepAliveThreads threads = ctx.spec().get(Knobs.RENEW)
                ? clients.get("shedlock keep-alive", KeepAliveThreads.class, () -> new KeepAliveThreads(ctx.worker()))
                : null;
        return guard(
                ctx.worker(),
                LockOwner.of(ctx.worker(), ctx.pid()).toString(),
                ctx.config().job(),
                ctx.spec(),
                threads,
                ctx.clock(),
                ctx.listener(),
                () -> PostgresLocks.dataSource(clients, ctx.config().pgUrl(), ctx.worker()));
    }

    /**
     * The guard as worker {@code worker} would build it in {@code spec}, with clients of its own that it closes: the
     * contract test's, with no worker around it.
     */
    public static Guard guard(String worker, long pid, String pgUrl, String job, ModeSpec spec) {
        Clients own = new Clients();
        KeepAliveThreads threads = spec.get(Knobs.RENEW)
                ? own.get("shedlock keep-alive", KeepAliveThreads.class, () -> new KeepAliveThreads(worker))
                : null;
        return guard(
                        worker,
                        LockOwner.of(worker, pid).toString(),
                        job,
                        spec,
                        threads,
                        Clock.systemUTC(),
                        LockListener.NONE,
                        () -> PostgresLocks.dataSource(own, pgUrl, worker))
                .owning(own);
    }

    static ShedLockGuard guard(
            String worker,
            String process,
            String name,
            ModeSpec spec,
            KeepAliveThreads threads,
            Clock clock,
            LockListener listener,
            Supplier<DataSource> pool) {
        return new ShedLockGuard(
                worker,
                process,
                name,
                spec.get(Knobs.LOCK_TTL),
                new LeasePolicy(false, spec.get(Knobs.HOLD_AT_LEAST), false, false),
                spec.get(Knobs.RENEW),
                threads,
                clock,
                listener,
                pool,
                spec.get(DB_TIME));
    }

    @Override
    public Optional<LockObserver> observer(LockObserver.Where where) {
        return Optional.of(new ShedLockObserver(where.pgUrl(), where.job()));
    }
}
