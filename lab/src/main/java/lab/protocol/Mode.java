package lab.protocol;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What each worker does around the job on every tick, as every room may know it: its name on the command line (also
 * in the counter table and in events), its dashboard key, its colour, the lock it takes (what the lock panel observes
 * and draws, and what the explainer calls it), the knobs its guard reads, what the lab must start for it, and whether
 * it guards the job or owns the schedule.
 *
 * <p>A mode is declared once, in its own mechanism's package (for example {@code lab.guard.redis.RedisMode}), by a
 * class that implements this interface and its worker-side half ({@code lab.guard.ModeDeclaration}: how to build its
 * guard, how the launcher observes its lock), and is registered by one line in {@code
 * META-INF/services/lab.protocol.Mode}. The declaration lives beside its mechanism because it names it; this
 * interface is all that the rooms which may not import a mechanism (the checker, the dashboard, the scenarios) read,
 * so that what they need of a mode is data here, never a {@code switch} over modes. A mode loaded at run time (a
 * learner's file) has no constant of its own: {@link Modes#register} adds it.
 *
 * <p>No default methods here, on purpose: a class that implements an interface with default methods initializes it,
 * and the constants below look the registry up, which is loading that very class (a cycle that leaves them null).
 */
public interface Mode {
    // The shipped modes, for code that names one (a default, the soak, the benchmark, tests); a new mode needs none.
    Mode NAIVE = Modes.named("naive");
    Mode LOCAL_MUTEX = Modes.named("local-mutex");
    Mode REDIS = Modes.named("redis");
    Mode POSTGRES = Modes.named("postgres");
    Mode IDEMPOTENT = Modes.named("idempotent");
    Mode FENCED = Modes.named("fenced");
    Mode HOST_MUTEX = Modes.named("host-mutex");

    /** Its name on the command line, in the counter table and in events: {@code host-mutex}. */
    String cliName();

    /** The dashboard key that switches every worker to it ({@link Modes#KEYS}); empty: reached by the knob panel. */
    Optional<Character> key();

    Hue hue();

    /** The lock it takes; {@link Lock#NONE} for a mode that takes none. */
    Lock lock();

    /** The live knobs its guard reads, beyond those every mode reads (the summary names them beside it). */
    Set<Knob<?>> concerns();

    /**
     * The knobs it declares, its own, in its own package (ShedLock's {@code db-time}, Quartz's six): every room finds
     * them in {@link Knobs#ALL}, in this order, after the shared ones of the locks; it reads them, whether or not
     * {@link #concerns()} names them too. Empty for a mode that reads shared knobs only.
     */
    List<Knob<?>> ownKnobs();

    /**
     * How a worker's JVM makes it again, for a mode registered at run time ({@link Modes#register}): its configuration
     * carries this, never a system property. Empty for a mode declared in {@code META-INF/services}, which every JVM
     * finds on its own.
     */
    Optional<RuntimeMode> runtime();

    /** What the lab must start or make ready before a worker may take its lock. */
    Set<Need> needs();

    Scheduling scheduling();

    /**
     * Refuses knobs that this mode's mechanism would refuse together (ShedLock's {@code lockAtLeastFor} longer than its
     * {@code lockAtMostFor}): throws {@link BadFieldException} naming the knob and the mechanism's reason, so that the
     * command line, a switch and a scenario refuse them before any worker builds a guard that would fail every tick.
     */
    void checkKnobs(ModeSpec spec);

    /**
     * How a lock is seen from outside the workers, which is also how the lock panel draws it. A new mode picks one;
     * only a new way of seeing a lock adds a constant here, and the compiler then points at every view that draws it.
     */
    enum Sight {
        /** No lock: every worker runs every tick. */
        NONE,
        /** One lock per worker process, seen only through the workers' own acquired and released events. */
        EACH_PROCESS,
        /** One lock per host, seen through the workers' own events. */
        EACH_HOST,
        /** A lease on a server: its key, owner and time left. */
        LEASE,
        /**
         * A lock the lab did not write (a learner's, in {@code ./run.sh exam}), seen only through the calls the lab
         * made to it for its workers: who was granted it, until when, and who gave it back.
         */
        CALLS,
        /** A lock on a server with a queue: its key, holder and who waits. */
        QUEUE,
        /**
         * No lock around the job: a clustered job store, seen in its own tables, the trigger's fire in flight and on
         * which node, and each node's last check-in with the moment the others will call it dead.
         */
        CLUSTER
    }

    /**
     * The lock a mode takes, as every room may know it.
     *
     * @param label its name on the lock panel: the name of the mode that takes it ({@code redis} for fenced too)
     * @param kind the {@code lock} field of its workers' events ({@code redis}, {@code postgres}, {@code local},
     *     {@code file}), by which the explainer finds it in a recording
     * @param sight how it is seen from outside, and drawn
     * @param called what people call it before its key: {@code advisory lock }, {@code local mutex }, or nothing
     */
    record Lock(String label, String kind, Sight sight, String called) {
        public static final Lock NONE = new Lock("none", "none", Sight.NONE, "");

        /** Whether the lab sees it only through the workers' own acquired and released events. */
        public boolean seenThroughEvents() {
            return switch (sight) {
                case EACH_PROCESS, EACH_HOST, CALLS -> true;
                case NONE, LEASE, QUEUE, CLUSTER -> false;
            };
        }

        /** The lock as the explainer names it: {@code advisory lock 42}, {@code scheduler_lock:tick}. */
        public String name(String key) {
            return called + key;
        }
    }

    /**
     * What the lab makes ready for a mode, in this order (servers first): each is done by the launcher, which the
     * compiler holds to every one.
     */
    enum Need {
        /** The lab's Redis (the lock's server). */
        REDIS,
        /** The lab's PostgreSQL (the lock's server). */
        POSTGRES,
        /** The fencing counter, restored above every token issued in the session before the lock may be taken. */
        FENCING_COUNTER,
        /** With lock-servers 2, the second lock server's PostgreSQL database. */
        SECOND_LOCK_DATABASE
    }

    /**
     * Who decides which worker fires. Most modes guard the job that each worker's own scheduler fires; a clustered
     * job store (Quartz's) decides instead which node fires at all, and its declaration says so here: the worker then
     * hands its schedule over to the scheduler the declaration builds, and takes it back on a switch out.
     */
    enum Scheduling {
        /** The worker's own scheduler fires every tick; the mode's guard decides what happens around the job. */
        AROUND_THE_JOB,
        /** The mode's own scheduler decides which worker fires; there is no guard around the job. */
        OWNS_THE_SCHEDULE
    }

    /**
     * A mode's colour, named, not drawn: the dashboard maps it to the terminal's. Red for the bug, yellow for the
     * cure that is not one, cool colours for the real cures.
     */
    enum Hue {
        RED,
        YELLOW,
        CYAN,
        BLUE,
        GREEN,
        MAGENTA
    }

    /** The mode named {@code name}; the exception's message lists the names that exist. */
    static Mode parse(String name) {
        return Modes.parse(name);
    }

    static Optional<Mode> byName(String name) {
        return Modes.byName(name);
    }

    /** The mode a dashboard key switches to, if it is one. */
    static Optional<Mode> byKey(char key) {
        return Modes.byKey(key);
    }

    /** Every mode, keyed ones first in key order. */
    static List<Mode> values() {
        return Modes.all();
    }

    static String names() {
        return Modes.names();
    }
}
