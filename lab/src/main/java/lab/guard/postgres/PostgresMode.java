package lab.guard.postgres;

import java.util.Optional;
import java.util.Set;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.LockObserver;
import lab.guard.ModeDeclaration;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.LockServers;
import lab.protocol.PgLock;

/**
 * Mode {@code postgres}, key 4: {@code pg_try_advisory_xact_lock(42)} (skip) or {@code pg_advisory_xact_lock(42)}
 * (wait), held by the job's transaction.
 */
public final class PostgresMode extends ModeDeclaration {
    static final Lock LOCK = new Lock("postgres", "postgres", Sight.QUEUE, "advisory lock ");

    @Override
    public String cliName() {
        return "postgres";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('4');
    }

    @Override
    public Hue hue() {
        return Hue.BLUE;
    }

    @Override
    public Lock lock() {
        return LOCK;
    }

    @Override
    public Set<Knob<?>> concerns() {
        return Set.of(
                Knobs.PG_LOCK,
                Knobs.HOLD_AT_LEAST,
                Knobs.LOCK_KEY,
                Knobs.RELEASE_ON_SHUTDOWN,
                Knobs.ON_LOCK_ERROR,
                Knobs.LOCK_SERVERS);
    }

    /** With lock-servers 2 the second lock server is a second database of the same PostgreSQL. */
    @Override
    public Set<Need> needs() {
        return Set.of(Need.POSTGRES, Need.SECOND_LOCK_DATABASE);
    }

    @Override
    public Guard guard(GuardContext ctx) {
        PostgresAdvisoryLock lock = new PostgresAdvisoryLock(
                ctx.worker(),
                ctx.pid(),
                LockServers.postgres(ctx.config().pgUrl(), ctx.lockServer()),
                ctx.spec().get(Knobs.PG_LOCK) == PgLock.WAIT,
                ctx.lease().perTick(),
                ctx.waitLimit());
        return new LeaseGuard<>(
                ctx.worker(),
                lock.sharing(ctx.clients()),
                ctx.lease(),
                ctx.lockServerListener(),
                ctx.clock(),
                ctx.fallback());
    }

    @Override
    public Optional<LockObserver> observer(LockObserver.Where where) {
        return Optional.of(new PostgresLockObserver(where.pgUrl()));
    }
}
