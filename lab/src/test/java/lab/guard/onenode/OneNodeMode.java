package lab.guard.onenode;

import java.util.List;
import java.util.Set;
import lab.guard.Fires;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.ModeDeclaration;
import lab.guard.Schedule;
import lab.guard.none.NoGuard;
import lab.protocol.Knob;
import lab.protocol.Knobs;

/**
 * A mode that exists only in the test sources and owns the schedule: of all the workers, the one its own knob names
 * ({@code one-node}, a worker's number) fires every tick, on a timer of its own, and the others fire none; nothing is
 * put around the job. The proof that a mode of the second kind is its declaration, its schedule, its knob, its services
 * line and its test: registered by its line in the test resources' {@code META-INF/services/lab.protocol.Mode}, found
 * by every worker process on the classpath it inherits, with no key (the mode picker reaches it).
 */
public final class OneNodeMode extends ModeDeclaration {
    static final Lock LOCK = new Lock("one-node", "one-node", Sight.NONE, "");

    /** Which worker fires: its number ({@code 2} is w2). */
    public static final Knob<Integer> NODE = Knob.ofMode(
            "one-node",
            "N",
            "the worker that fires every tick in mode one-node, by its number; the others fire none",
            1,
            "a worker's number from 1 to 64",
            text -> Integer.parseInt(text),
            n -> n >= 1 && n <= 64,
            String::valueOf,
            List.of(1, 2));

    @Override
    public String cliName() {
        return "one-node";
    }

    @Override
    public Hue hue() {
        return Hue.CYAN;
    }

    @Override
    public Lock lock() {
        return LOCK;
    }

    @Override
    public Set<Knob<?>> concerns() {
        return Set.of(NODE);
    }

    @Override
    public List<Knob<?>> ownKnobs() {
        return List.of(NODE);
    }

    @Override
    public Scheduling scheduling() {
        return Scheduling.OWNS_THE_SCHEDULE;
    }

    /** Nothing around the job: the schedule already chose the one worker that runs it. */
    @Override
    public Guard guard(GuardContext ctx) {
        return new NoGuard(ctx.worker(), ctx.spec().get(Knobs.RECHECK));
    }

    @Override
    public Schedule schedule(GuardContext ctx, Fires fires) {
        boolean mine = ctx.worker().equals("w" + ctx.spec().get(NODE));
        return new TimerSchedule(ctx.worker(), ctx.config().every(), ctx.clock(), mine ? fires : null);
    }
}
