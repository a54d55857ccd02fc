package lab.guard.lockfile;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.LockListener;
import lab.guard.ModeDeclaration;
import lab.protocol.Knob;
import lab.protocol.Knobs;

/**
 * A mode that exists only in the test sources, registered by its declaration alone (this class, named in the test
 * resources' {@code META-INF/services/lab.protocol.Mode}): the proof that a mode is its declaration, its package and
 * its contract test. It has no key, as a mode loaded at run time would not: the dashboard reaches it through the knob
 * panel and the mode picker. Its lock is a file in the host's lock folder, seen through the workers' events, as the
 * host-mutex's is; its knob ({@link #PER_WORKER}) is declared here too: the proof that a mode owns its knobs.
 */
public final class LockFileMode extends ModeDeclaration {
    static final Lock LOCK = new Lock("lock-file", "lockfile", Sight.EACH_HOST, "lock file ");

    /**
     * Its own knob, declared here alone: the command line ({@code --file-per-worker}), scenarios and the knob panel
     * find it through the declaration. On, each worker takes a file of its own, which excludes no one.
     */
    public static final Knob<Boolean> PER_WORKER =
            Knob.onOff("file-per-worker", "each worker takes a lock file of its own (which excludes no one)", false);

    @Override
    public String cliName() {
        return "lock-file";
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
        return Set.of(Knobs.HOLD_AT_LEAST);
    }

    @Override
    public List<Knob<?>> ownKnobs() {
        return List.of(PER_WORKER);
    }

    @Override
    public Guard guard(GuardContext ctx) {
        return new LeaseGuard<>(
                ctx.worker(),
                new LockFile(
                        ctx.worker(),
                        ctx.pid(),
                        file(
                                Path.of(ctx.config().lockDir()),
                                ctx.config().job() + (ctx.spec().get(PER_WORKER) ? "-" + ctx.worker() : ""))),
                // Given back by its holder: a per-tick key and renewal concern leases elsewhere.
                new LeasePolicy(ctx.spec().get(Knobs.RECHECK), ctx.spec().get(Knobs.HOLD_AT_LEAST), false, false),
                ctx.listener(),
                ctx.clock());
    }

    /** The guard as the contract test builds it in one JVM: a lock folder of its own, no worker around it. */
    public static Guard guard(String worker, long pid, Path dir, String job) {
        return new LeaseGuard<>(
                worker,
                new LockFile(worker, pid, file(dir, job)),
                LeasePolicy.plain(false),
                LockListener.NONE,
                Clock.systemUTC());
    }

    private static Path file(Path dir, String job) {
        return dir.resolve(job + ".lockfile");
    }
}
