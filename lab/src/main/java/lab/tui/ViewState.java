package lab.tui;

/**
 * What the dashboard draws besides the snapshot, chosen by keys on the UI side alone.
 *
 * @param help the {@code ?} box is open
 * @param knobs the {@code o} panel is open
 * @param knobCursor the knob Enter would change, as an index into {@link LiveKnobs#list()}
 * @param whyBack which finding the why line shows: 0 the newest, 1 the one before, and so on
 */
record ViewState(boolean help, boolean knobs, int knobCursor, int whyBack) {
    static final ViewState PLAIN = new ViewState(false, false, 0, 0);

    static ViewState help(boolean help) {
        return new ViewState(help, false, 0, 0);
    }
}
