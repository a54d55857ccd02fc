package lab.guard.exam;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.LeaseGuard;
import lab.guard.ModeDeclaration;
import lab.guard.redis.FencingCounter;
import lab.protocol.Knob;
import lab.protocol.Knobs;

/**
 * Mode {@code exam}: a learner's own {@link ExamLock}, compiled by {@code ./run.sh exam} into a folder of classes and
 * loaded in each worker JVM from there, never in the launcher's. It has no key: the exam switches to it, and the knob
 * panel reaches it. Its lock is seen only through the calls the lab made to it ({@link Sight#CALLS}).
 *
 * <p>The worker learns of it from two system properties the launcher hands each worker JVM ({@link #FOLDER},
 * {@link #CLASS}); the launcher registers the same declaration, to name the mode and its lock, and never builds its
 * guard.
 */
public final class ExamMode extends ModeDeclaration {
    /** The folder of the learner's compiled classes. */
    public static final String FOLDER = "lab.exam.classes";

    /** The learner's class, by its binary name: {@code MyLock}. */
    public static final String CLASS = "lab.exam.lock";

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

    /** The mode the system properties name, when this JVM was started for an exam; empty otherwise. */
    public static Optional<ExamMode> fromProperties() {
        String folder = System.getProperty(FOLDER);
        String name = System.getProperty(CLASS);
        return folder == null || name == null ? Optional.empty() : Optional.of(new ExamMode(Path.of(folder), name));
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
                lab.guard.LeasePolicy.plain(ctx.spec().get(Knobs.RECHECK)),
                ctx.listener(),
                ctx.clock(),
                null,
                ctx.ledger());
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
