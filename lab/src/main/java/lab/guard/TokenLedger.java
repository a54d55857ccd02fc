package lab.guard;

import java.util.Optional;

/**
 * Where a fencing token is written down, durably, before its holder may use it. A token is worth something only if no
 * two holders ever carry the same one; a lock server that loses its counter (a Redis restart without persistence) can
 * count one again, and only a record kept outside that server can tell. {@link LeaseGuard} asks the ledger for every
 * token a mechanism issues, whichever mechanism, before the job runs.
 */
@FunctionalInterface
public interface TokenLedger {
    /** Records nothing: for the locks that issue no token. */
    TokenLedger NONE = (token, tick) -> Optional.empty();

    /**
     * Writes {@code token} down as issued for {@code tick}. Answers who had it first when it had been issued before
     * (the caller must not use it), else empty; throws when the ledger cannot be reached (the caller fails closed).
     */
    Optional<String> issue(long token, Tick tick) throws Exception;
}
