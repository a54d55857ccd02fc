package lab.session;

import java.time.Instant;
import java.util.Map;
import lab.check.Figures;

/**
 * A span of a run in one mode, with the knobs it had: from the first tick window that begins after every worker
 * acknowledged the switch, to the moment the next switch was requested (or the stop).
 */
public record ModeSegment(String mode, Map<String, Object> spec, Instant from, Instant to, Figures figures) {}
