package lab.session;

/**
 * The commands that carry nothing but their name. Kill, pause and restart act on the selected worker, or on the
 * current lock holder when none is selected.
 */
public enum Action implements Command {
    ADD_WORKER,
    REMOVE_WORKER,
    SELECT_NEXT,
    SELECT_PREV,
    /** kill -9 */
    KILL,
    /** SIGSTOP / SIGCONT */
    PAUSE_RESUME,
    RESTART,
    /** Restarts the selected worker with its wall clock 3 s ahead, or a skewed one on the machine's clock again. */
    SKEW_CLOCK,
    /** SIGTERM: a graceful stop, releasing or not as release-on-shutdown says */
    STOP,
    TOGGLE_REDIS,
    /** Stops the lab's Redis as a crash would and starts it again at once: what its persistence keeps survives. */
    RESTART_REDIS,
    /** Cuts the holder's host off from the lock servers, or heals what is cut off. */
    TOGGLE_PARTITION,
    TOGGLE_POSTGRES,
    CYCLE_TASK_TIME,
    CLEAR_TABLE,
    HELP,
    /** Opens or closes the knob panel: the view only; what the panel sets is a {@link SetKnob}. */
    KNOBS,
    /** Opens or closes the mode picker: the view only; what it picks is a {@link SwitchMode}. */
    MODES,
    /** Shows the finding before the one under the counter table, wrapping to the newest: the view only. */
    WHY_BACK,
    /** Asks; only {@link #CONFIRM} quits. */
    QUIT,
    /** Ctrl-C: quits without asking, as q then y would. */
    STOP_NOW,
    CONFIRM,
    CANCEL,
    SCENARIO_PAUSE_RESUME,
    SCENARIO_NEXT,
    /**
     * Ctrl-\, a hidden key: the dashboard throws on its UI thread, as a bug in it would. It is how a trainer (and
     * the terminal-safety test) checks, before a session, that such a crash still ends the run with its summary, exit
     * code 3 and the terminal as it was.
     */
    CRASH
}
