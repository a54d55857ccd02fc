package lab.session;

import java.util.Locale;

/** What a fault does to one worker. */
public enum FaultKind {
    /** kill -9: no clean-up, no release. */
    KILL,
    /** SIGSTOP: alive, holding whatever it held, doing nothing. */
    PAUSE,
    /** SIGCONT after a pause. */
    RESUME,
    /** SIGTERM: a graceful stop; the worker gives back its lock or not, as its release-on-shutdown knob says. */
    STOP,
    /** A fresh worker JVM under the same id. */
    RESTART;

    /** Its word in a scenario and in a line: {@code kill}. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
