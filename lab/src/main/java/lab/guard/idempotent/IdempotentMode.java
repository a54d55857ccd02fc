package lab.guard.idempotent;

import java.util.Optional;
import lab.guard.Guard;
import lab.guard.GuardContext;
import lab.guard.ModeDeclaration;
import lab.protocol.Knobs;

/**
 * Mode {@code idempotent}, key 5: no lock at all; the database refuses the second row of a tick (an idempotency key
 * under a unique index).
 */
public final class IdempotentMode extends ModeDeclaration {
    @Override
    public String cliName() {
        return "idempotent";
    }

    @Override
    public Optional<Character> key() {
        return Optional.of('5');
    }

    @Override
    public Hue hue() {
        return Hue.GREEN;
    }

    @Override
    public Lock lock() {
        return Lock.NONE;
    }

    @Override
    public Guard guard(GuardContext ctx) {
        return new IdempotentWrite(ctx.worker(), ctx.spec().get(Knobs.RECHECK));
    }
}
