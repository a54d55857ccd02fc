package lab.guard.host;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.ModeDeclaration;
import lab.protocol.Knob;
import lab.protocol.Knobs;

/**
 * Mode {@code host-mutex}, key 7: an OS file lock in the host's lock folder; it excludes every process on one host,
 * and none on another, which has another folder.
 */
public final class HostMutexMode extends ModeDeclaration {
    static final Lock LOCK = new Lock("host-mutex", "file", Sight.EACH_HOST, "file lock ");

    @Override
    public String cliName() {
        return "host-mutex";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('7');
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
    public Set<Knob<?>> concerns() {
        return Set.of(Knobs.HOLD_AT_LEAST);
    }

    @Override
    public Guard guard(GuardContext ctx) {
        String lockDir = ctx.config().lockDir();
        return new LeaseGuard<>(
                ctx.worker(),
                new HostFileLock(
                        ctx.worker(),
                        ctx.pid(),
                        ctx.config().host(),
                        lockDir == null ? null : Path.of(lockDir),
                        ctx.config().job()),
                // One file per job, given back by its holder: per-tick keys and renewal concern leases elsewhere.
                new LeasePolicy(ctx.spec().get(Knobs.RECHECK), ctx.spec().get(Knobs.HOLD_AT_LEAST), false, false),
                ctx.listener(),
                ctx.clock());
    }
}
