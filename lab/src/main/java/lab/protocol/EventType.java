package lab.protocol;

import java.util.Locale;

/**
 * The closed set of records (see {@link Event}): what a worker reports on its stdout, then what the launcher
 * records of its own doing.
 */
public enum EventType {
    READY,
    FIRED,
    ACQUIRED,
    SKIPPED,
    EXECUTED,
    RELEASED,
    RENEWED,
    LOST,
    REFUSED,
    ERROR,
    MODE,
    /**
     * Worker: its answer to a switch the launcher wrote on its stdin ({@link Control}), once the new guard is in force
     * or it was refused; {@code control}, {@code error}. The launcher takes it as the switch's acknowledgement and
     * keeps it out of the recording: the {@code mode} line just before it says what changed.
     */
    ANSWER,
    /** Launcher: every worker was asked to switch (see {@link LabFact} for each kind's facts). */
    SWITCH,
    /** Launcher: a fault hurt a worker; {@code kind}, {@code target}, {@code target_pid}. */
    FAULT,
    /** Launcher: one of the lab's servers stopped or started; {@code name}, {@code up}. */
    SERVER,
    /** Launcher: a worker was replaced by a fresh JVM; {@code target}, {@code old_pid}, {@code new_pid}. */
    RESTART,
    /** Launcher: the lock's holder, as its server shows it, changed; {@code key}, {@code holder}. */
    LOCK,
    /** Launcher: a scenario's {@code say} step was shown; {@code step}, {@code line}, {@code text}. */
    CAPTION,
    /** Launcher: a scenario's expectation was judged; {@code step}, {@code line}, {@code passed}, {@code text}. */
    VERDICT,
    /**
     * Launcher: the counter table was read at the end of the session; {@code from} and {@code to} (the span whose
     * complete windows it counted), {@code every_ms}.
     */
    COUNTED,
    /**
     * Launcher: a worker ended that the lab had not killed or stopped (a crash, a signal from elsewhere);
     * {@code target}, {@code target_pid}, {@code exit_code}, {@code signal} (or none), {@code stderr} (its last lines).
     */
    EXITED,
    /**
     * Launcher: a worker started on its own attached, or reported again after it was lost; {@code target},
     * {@code target_pid}, {@code host}.
     */
    ATTACHED,
    /**
     * Launcher: an attached worker stopped reporting ({@code why}: {@code lost}) or said it was leaving
     * ({@code left}); {@code target}, {@code target_pid}, {@code host}, {@code silent_ms}.
     */
    DETACHED;

    /** Whether the launcher, not a worker, writes this record. */
    public boolean launcher() {
        return ordinal() >= SWITCH.ordinal();
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EventType fromWire(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
