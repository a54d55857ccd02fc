package lab.check;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Why a tick ran twice, two runs overlapped, or a tick was missed: each a name a lesson teaches. Where two apply,
 * the more specific wins: the order of the constants within each kind is their precedence.
 */
public enum Cause {
    // duplicates and overlaps, most specific first
    PAUSED_HOLDER(false),
    LOST_IN_RESTART(false),
    RECOVERED_BY_CLUSTER(false),
    CLOCK_SKEW(false),
    DELETED_BY_OTHER(false),
    LEASE_EXPIRED(false),
    /** A lock seen through its calls granted a second worker while the first still held it (the exam's). */
    GRANTED_WHILE_HELD(false),
    UNCLUSTERED_STORE(false),
    LOCAL_FALLBACK(false),
    SPLIT_SERVERS(false),
    TWO_LOCKS(false),
    OWN_PHASE(false),
    QUEUED(false),
    RELEASED_EARLY(false),
    SELF_OVERLAP(false),
    NO_LOCK(false),
    // missed ticks, most specific first
    REFUSED(true),
    STORE_DOWN(true),
    DEAD_HOLDER(true),
    HELD_PAST_WINDOW(true),
    LATE_FIRE(true),
    NO_WORKER(true),
    /** What the recording cannot explain: said so, never guessed. */
    UNEXPLAINED(null);

    private final Boolean missed;

    Cause(Boolean missed) {
        this.missed = missed;
    }

    /** Whether it explains findings of {@code kind}; {@link #UNEXPLAINED} stands for any. */
    public boolean explains(Finding.Kind kind) {
        return missed == null || missed == kind.missed();
    }

    /** {@code released-early}, as summaries and scenarios write it. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Optional<Cause> byName(String name) {
        return Arrays.stream(values()).filter(c -> c.wireName().equals(name)).findFirst();
    }

    public static String names() {
        return Arrays.stream(values()).map(Cause::wireName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return wireName();
    }
}
