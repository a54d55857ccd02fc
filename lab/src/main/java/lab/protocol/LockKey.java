package lab.protocol;

import java.util.Locale;

/** Which key a lock takes: one for the job, or one for each tick of it. */
public enum LockKey {
    /** {@code scheduler_lock:tick}, advisory key 42: one lock for every tick, freed and taken again. */
    FIXED,
    /**
     * {@code scheduler_lock:tick:<window start>}, advisory keys (42, window): the key is the tick itself, so a
     * worker that fires late finds the tick's key still taken. Never released: it expires after its window.
     */
    PER_TICK;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
