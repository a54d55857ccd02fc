package lab.protocol;

import java.util.Locale;

/** What a worker does when its lock's server cannot be reached. */
public enum OnLockError {
    /** Fail closed: the tick is not run. Ticks are missed while the server is down; none runs twice. */
    SKIP,
    /** The seed's fallback: run under an in-process lock instead, which excludes nothing across workers. */
    LOCAL;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
