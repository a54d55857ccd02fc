package lab.protocol.summary;

import java.time.Instant;
import java.util.List;

/**
 * A span of a run in one mode, as the summary keeps it: from the first tick window after every worker acknowledged
 * the switch to the next switch's request (or the stop).
 *
 * @param spec the mode's knobs in that span, each as the command line writes it, in the order the mode lists them
 */
public record SummarySegment(String mode, List<Setting> spec, Instant from, Instant to, SummaryFigures figures) {
    public SummarySegment {
        spec = List.copyOf(spec);
    }

    /** One knob and its value, as the command line writes them: {@code lock-ttl} {@code 1m}. */
    public record Setting(String knob, String value) {}
}
