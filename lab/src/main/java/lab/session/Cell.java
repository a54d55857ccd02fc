package lab.session;

/** What one worker did in one tick window, as a timeline cell. */
public enum Cell {
    /** The job ran (a row was written). */
    RAN,
    /** The guard said no: someone else held the lock. */
    SKIPPED,
    /** The job ran and the store refused its write: a stale fencing token. */
    REFUSED,
    ERROR,
    /** The worker was not running (killed, exited, not yet started) or paused. */
    NOT_ALIVE,
    /** Alive, but nothing reported for that window (yet). */
    IDLE
}
