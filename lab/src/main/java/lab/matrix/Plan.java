package lab.matrix;

import lab.nemesis.Recipe;
import lab.protocol.Mode;

/**
 * How one fault is done to a running lab in one mode, once the span it is judged on has begun: the nemesis's recipe,
 * its faults, its hold, its undo and the wait after, ending when every tick it can hurt has had its window. It leaves
 * the lab as it found it (a stopped server started again, a paused worker resumed; a killed one the run brings back
 * after the cell), so that the next mode's cell starts clean.
 */
@FunctionalInterface
public interface Plan {
    /** The recipe that does it to a lab in {@code mode}: aimed at the holder, or where no lock is held, at w1. */
    Recipe recipe(Mode mode);
}
