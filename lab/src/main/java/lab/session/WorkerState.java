package lab.session;

import java.util.Locale;

/** Where a worker process is in its life, as the launcher sees it. */
public enum WorkerState {
    /** Forked, not yet answering {@code /healthz}. */
    STARTING,
    UP,
    /** SIGSTOPped: alive, holding whatever it held, doing nothing. */
    PAUSED,
    /** Killed by the lab (kill -9). */
    KILLED,
    /** Ended by itself, or stopped at the end of the run. */
    EXITED,
    /** An attached worker that stopped reporting: perhaps dead, perhaps cut off; its rows still count. */
    LOST;

    /** The word the dashboard and the death line show. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
