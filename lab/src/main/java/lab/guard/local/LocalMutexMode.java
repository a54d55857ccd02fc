package lab.guard.local;

import java.util.Optional;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.ModeDeclaration;
import lab.protocol.Knobs;

/**
 * Mode {@code local-mutex}, key 2: one mutex per worker JVM, seen only through the workers' own events, which is the
 * lesson: every worker holds "the" lock at once.
 */
public final class LocalMutexMode extends ModeDeclaration {
    /** Also the lock a server-backed mode falls back to with {@code on-lock-error local}: its events say so. */
    public static final Lock LOCK = new Lock("local-mutex", "local", Sight.EACH_PROCESS, "local mutex ");

    @Override
    public String cliName() {
        return "local-mutex";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('2');
    }

    @Override
    public Hue hue() {
        return Hue.YELLOW;
    }

    @Override
    public Lock lock() {
        return LOCK;
    }

    @Override
    public Guard guard(GuardContext ctx) {
        return new LeaseGuard<>(
                ctx.worker(),
                new InJvmMutex(ctx.worker(), ctx.pid()),
                LeasePolicy.plain(ctx.spec().get(Knobs.RECHECK)),
                ctx.listener(),
                ctx.clock());
    }
}
