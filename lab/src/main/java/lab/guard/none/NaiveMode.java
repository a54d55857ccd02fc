package lab.guard.none;

import java.util.Optional;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.ModeDeclaration;
import lab.protocol.Knobs;

/** Mode {@code naive}, key 1: nothing around the job, so every worker runs every tick (the bug). */
public final class NaiveMode extends ModeDeclaration {
    @Override
    public String cliName() {
        return "naive";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('1');
    }

    @Override
    public Hue hue() {
        return Hue.RED;
    }

    @Override
    public Lock lock() {
        return Lock.NONE;
    }

    @Override
    public Guard guard(GuardContext ctx) {
        return new NoGuard(ctx.worker(), ctx.spec().get(Knobs.RECHECK));
    }
}
