package lab.guard;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import lab.protocol.Knob;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.RuntimeMode;

/**
 * A mode, declared once, in its mechanism's own package: what every room may know of it ({@link Mode}: name, key,
 * colour, lock, knobs, needs) and what only the worker and the launcher do with it: build its guard, and observe its
 * lock from outside. Registered by one line in {@code META-INF/services/lab.protocol.Mode}; a worker process finds a
 * mode of the test sources the same way, on the classpath it inherits.
 *
 * <p>A mode that {@link Mode.Scheduling#OWNS_THE_SCHEDULE owns the schedule} (a clustered job store) also says what
 * replaces the worker's own scheduler ({@link #schedule}); its guard is what runs around the job when that scheduler
 * fires (nothing, for a clustered store).
 */
public abstract class ModeDeclaration implements Mode {
    /** The guard a worker runs every tick in this mode, as {@code ctx} describes the worker and the mode's knobs. */
    public abstract Guard guard(GuardContext ctx);

    /**
     * What replaces the worker's own scheduler in this mode, built for the worker {@code ctx} describes and firing into
     * {@code fires}; required of a mode that {@link Mode.Scheduling#OWNS_THE_SCHEDULE owns the schedule}, and never
     * asked of one that guards the job.
     */
    public Schedule schedule(GuardContext ctx, Fires fires) {
        throw new UnsupportedOperationException(
                "mode " + cliName() + " guards the job: the worker's own scheduler fires it, and it builds none");
    }

    /**
     * What reads this mode's lock from its own server, for the lock panel: required of a lock seen as a lease or a
     * queue ({@link Mode.Sight}); empty for a lock the lab sees through the workers' events, or none.
     */
    public Optional<LockObserver> observer(LockObserver.Where where) {
        return Optional.empty();
    }

    /**
     * The Redis key of the counter this mode's lock draws its fencing tokens from, for job {@code job}; empty for a lock
     * that issues none. The launcher raises every declared counter above every token issued in the session whenever
     * Redis (re)starts or a mode that needs one is switched to: tokens from two counters meet in one store.
     */
    public Optional<String> fencingCounter(String job) {
        return Optional.empty();
    }

    /** The fencing counters of every declared mode for {@code job}: what the launcher raises, each once. */
    public static List<String> fencingCounters(String job) {
        return Mode.values().stream()
                .filter(m -> m instanceof ModeDeclaration)
                .flatMap(m -> ((ModeDeclaration) m).fencingCounter(job).stream())
                .distinct()
                .toList();
    }

    @Override
    public Optional<Character> key() {
        return Optional.empty();
    }

    @Override
    public Set<Knob<?>> concerns() {
        return Set.of();
    }

    /** None of its own: a mode that declares a knob names it here. */
    @Override
    public List<Knob<?>> ownKnobs() {
        return List.of();
    }

    /** None: a mode of the services file is found by every JVM on its own. */
    @Override
    public Optional<RuntimeMode> runtime() {
        return Optional.empty();
    }

    @Override
    public Set<Need> needs() {
        return Set.of();
    }

    /** Accepts every combination: a mechanism that refuses one says so in its own declaration. */
    @Override
    public void checkKnobs(ModeSpec spec) {}

    @Override
    public Scheduling scheduling() {
        return Scheduling.AROUND_THE_JOB;
    }

    /** Its command-line name: how a mode is written everywhere, in sentences too. */
    @Override
    public final String toString() {
        return cliName();
    }

    /** The declaration behind {@code mode}; throws naming the mode when it was declared without a mechanism. */
    public static ModeDeclaration of(Mode mode) {
        if (mode instanceof ModeDeclaration d) {
            return d;
        }
        throw new IllegalArgumentException("mode " + mode.cliName() + " is declared without a mechanism: its class "
                + mode.getClass().getName() + " does not extend " + ModeDeclaration.class.getName());
    }
}
