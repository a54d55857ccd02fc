package lab.session;

import java.time.Instant;
import lab.check.Figures;
import lab.protocol.ModeSpec;

/**
 * A span of a run in one mode, with the knobs it had: from the first tick window that begins after every worker
 * acknowledged the switch, to the moment the next switch was requested (or the stop).
 */
public record ModeSegment(String mode, ModeSpec spec, Instant from, Instant to, Figures figures) {}
