package lab.guard;

import java.util.OptionalLong;

/**
 * What a guard hands the job together with the right to run: whether the job must first check that the tick
 * has no row yet (check-then-insert under the lock), and a fencing token when the mechanism issues one.
 */
public record Permit(boolean recheck, OptionalLong fencingToken) {
    /** The permit of a guard that issues no token. */
    public static Permit of(boolean recheck) {
        return new Permit(recheck, OptionalLong.empty());
    }
}
