package lab.matrix;

import java.util.function.Consumer;
import lab.nemesis.FaultResult;
import lab.protocol.Mode;
import lab.session.LabControl;

/**
 * How one fault is done to a running lab in one mode, once the span it is judged on has begun: the fault's steps and
 * the waits between them, ending when every tick it can hurt has had its window. It leaves the lab as it found it
 * (a stopped server started again, a paused worker resumed), so that the next mode's cell starts clean.
 */
@FunctionalInterface
public interface Plan {
    /** Does it; {@code done} hears what came of each fault, so that a fault the lab did not do is no cell. */
    void apply(LabControl lab, Mode mode, Consumer<FaultResult> done) throws InterruptedException;
}
