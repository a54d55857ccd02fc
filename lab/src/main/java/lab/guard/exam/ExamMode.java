package lab.guard.exam;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.LeasePolicy;
import lab.guard.ModeDeclaration;
import lab.guard.redis.FencingCounter;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.RuntimeMode;

/**
 * Mode {@code exam}: a learner's own {@link ExamLock}, compiled by {@code ./run.sh exam} into a folder of classes and
 * loaded in each worker JVM from there, never in the launcher's. It has no key: the exam switches to it, and the knob
 * panel reaches it. Its lock is seen only through the calls the lab made to it ({@link Sight#CALLS}).
 *
 * <p>The launcher registers it, to name the mode and its lock, and never builds its guard; each worker's configuration
 * carries it ({@link #runtime()}), and the worker makes it again from that line ({@link #ExamMode(String)}).
 */
public final class ExamMode extends ModeDeclaration {
    /** The mode's name: fixed, so that the battery of trials can name it. */
    public static final String NAME = "exam";

    private final Path folder;
    private final String className;
    private final Lock lock;

    public ExamMode(Path folder, String className) {
        this.folder = folder;
        this.className = className;
        // Named on the lock panel after the learner's class: the room sees whose lock it is.
        this.lock = new Lock(simpleName(className), NAME, Sight.CALLS, "");
    }

    /**
     * The mode as a worker's configuration carries it: {@code MyLock@/path/to/classes}, the learner's class by its
     * binary name (which has no {@code @}), then the folder of its compiled classes.
     */
    public ExamMode(String carried) {
        this(Path.of(carried.substring(at(carried) + 1)), carried.substring(0, at(carried)));
    }

    private static int at(String carried) {
        int at = carried.indexOf('@');
        if (at <= 0) {
            throw new IllegalArgumentException("'" + carried + "' is not CLASS@FOLDER");
        }
        return at;
    }

    @Override
    public Optional<RuntimeMode> runtime() {
        return Optional.of(new RuntimeMode(ExamMode.class.getName(), className + "@" + folder));
    }

    @Override
    public String cliName() {
        return NAME;
    }

    @Override
    public Hue hue() {
        return Hue.MAGENTA;
    }

    @Override
    public Lock lock() {
        return lock;
    }

    @Override
    public Set<Knob<?>> concerns() {
        return Set.of(Knobs.LOCK_TTL, Knobs.LOCK_WAIT);
    }

    /** Both servers: the learner's lock may use either; and the fencing counter that mode fenced keeps too. */
    @Override
    public Set<Need> needs() {
        return Set.of(Need.REDIS, Need.POSTGRES, Need.FENCING_COUNTER);
    }

    @Override
    public Optional<String> fencingCounter(String job) {
        return Optional.of(FencingCounter.key(job));
    }

    @Override
    public Guard guard(GuardContext ctx) {
        ExamLock learners = LearnerClass.instantiate(folder, className);
        ExamMechanism mechanism = new ExamMechanism(ctx, learners, lock, LearnerClass.sourceFile(className));
        // No fallback lock: a learner's lock that fails fails closed, which is what the trials judge.
        // The lease's policies are the learner's to write (an expiry, keeping it to the tick's end): the lab's template
        // only re-checks the table when the trial says so.
        return new LeaseGuard<>(
                ctx.worker(),
                mechanism,
                LeasePolicy.plain(ctx.spec().get(Knobs.RECHECK)),
                ctx.listener(),
                ctx.clock(),
                null,
                ctx.ledger());
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
