package lab.session;

import lab.protocol.ModeChange;

/** Enter in the knob panel: every worker switches to the spec in force with {@code change} applied. */
public record SetKnob(ModeChange change) implements Command {}
