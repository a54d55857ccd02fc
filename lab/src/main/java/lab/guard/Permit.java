package lab.guard;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a guard hands the job together with the right to run: whether the job must first check that the tick
 * has no row yet (check-then-insert under the lock), a fencing token when the mechanism issues one, and an
 * idempotency key when the database itself is to refuse a second row for the tick.
 */
public record Permit(boolean recheck, OptionalLong fencingToken, Optional<String> idempotencyKey) {
    /** The permit of a guard that issues no token and no key. */
    public static Permit of(boolean recheck) {
        return new Permit(recheck, OptionalLong.empty(), Optional.empty());
    }

    /** This permit with the fencing token of the grant it came with: the store refuses it if stale. */
    public Permit withToken(long token) {
        return new Permit(recheck, OptionalLong.of(token), idempotencyKey);
    }

    /** The permit of a guard that leaves exclusion to the store: the row carries {@code key} under a unique index. */
    public static Permit keyed(boolean recheck, String key) {
        return new Permit(recheck, OptionalLong.empty(), Optional.of(key));
    }
}
