package lab.scenario;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.Event;

/**
 * An expect step as judged: its span, the figures the table gave for it, its verdicts, and, asked for only by a
 * listener that needs them (the exam's report card), the explainer's findings and the recording over the span.
 *
 * @param findings read when first asked, then kept; empty when the span cannot be explained
 * @param recorded the recording from the span's start on
 */
public record Judged(
        Step.Expect expect,
        Instant from,
        Instant to,
        Figures figures,
        List<Verdict> verdicts,
        Supplier<List<Finding>> findings,
        Supplier<List<Event>> recorded) {
    public Judged {
        verdicts = List.copyOf(verdicts);
    }

    /** Whether every verdict held. */
    public boolean passed() {
        return verdicts.stream().allMatch(Verdict::passed);
    }
}
