package lab.tui;

/**
 * What the dashboard draws besides the snapshot, chosen by keys on the UI side alone.
 *
 * @param help the {@code ?} box is open
 * @param knobs the {@code o} panel is open
 * @param knobCursor the knob Enter would change, as an index into {@link LiveKnobs#list()}
 * @param whyBack which finding the why line shows: 0 the newest, 1 the one before, and so on
 * @param modes the {@code m} picker is open
 * @param modeCursor the mode Enter would switch to, as an index into {@link lab.protocol.Mode#values()}
 */
record ViewState(boolean help, boolean knobs, int knobCursor, int whyBack, boolean modes, int modeCursor) {
    static final ViewState PLAIN = new ViewState(false, false, 0, 0);

    /** With the mode picker closed. */
    ViewState(boolean help, boolean knobs, int knobCursor, int whyBack) {
        this(help, knobs, knobCursor, whyBack, false, 0);
    }

    static ViewState help(boolean help) {
        return new ViewState(help, false, 0, 0);
    }
}
