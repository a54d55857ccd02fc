package lab.protocol.summary;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a soak adds to its run's summary: how to play it again, its verdict with each failure in one sentence, the
 * rows it lost, and each fault with the ticks it cost.
 *
 * @param spec       the mode's knobs, as in {@link SummarySegment#spec}
 * @param failures   why it failed, one sentence each; empty when it held
 * @param written    the rows the recording says were written
 * @param lost       each written row the table lacks, in words
 * @param outside    the misses within no fault's reach (each fails the soak)
 * @param slow       the misses outside every fault that a run outlasting its window explains (allowed within
 *     {@code slowBound})
 * @param leftovers  what of the lab was left behind once it was closed
 */
public record SoakSummary(
        long seed,
        Duration length,
        Duration lockTtl,
        List<SummarySegment.Setting> spec,
        boolean held,
        List<String> failures,
        long written,
        List<String> lost,
        List<Fault> faults,
        List<Miss> outside,
        List<Miss> slow,
        int slowBound,
        List<String> leftovers) {
    public SoakSummary {
        spec = List.copyOf(spec);
        failures = List.copyOf(failures);
        lost = List.copyOf(lost);
        faults = List.copyOf(faults);
        outside = List.copyOf(outside);
        slow = List.copyOf(slow);
        leftovers = List.copyOf(leftovers);
    }

    /**
     * One fault the soak injected and what it cost.
     *
     * @param kind     its name in lines: {@code redis-stop}
     * @param target   what it hurt: {@code w2}, {@code redis}
     * @param at       when the plan put it, from the moment every worker was ready
     * @param lines    what was done, and how it was undone, in words
     * @param reachFrom the first tick it may cost
     * @param reachTo   the last
     * @param causes   the explainer's causes of its missed ticks, by name, with how many each
     */
    public record Fault(
            int number,
            String kind,
            String target,
            Duration at,
            Instant startedAt,
            Instant endedAt,
            boolean healed,
            List<String> lines,
            Instant reachFrom,
            Instant reachTo,
            int boundTicks,
            List<CauseCount> causes,
            List<Miss> missed) {
        public Fault {
            lines = List.copyOf(lines);
            causes = List.copyOf(causes);
            missed = List.copyOf(missed);
        }
    }

    /** A cause by its wire name, and how many missed ticks it explains. */
    public record CauseCount(String cause, int ticks) {}

    /** A missed tick, its cause by wire name, and the explainer's sentence. */
    public record Miss(Instant tick, String cause, String sentence) {}
}
