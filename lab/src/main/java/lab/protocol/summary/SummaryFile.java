package lab.protocol.summary;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What a run's {@code summary.json} holds, as records: written once when the run ends ({@link SummaryCodec#toJson})
 * and read back by the report, the benchmark and the tests through the same codec ({@link SummaryCodec#fromJson}),
 * so that no reader looks a figure up by a string of its own. Here, not beside the checker, because every room that
 * reads a run folder may import this one.
 *
 * @param mode      the mode the run started in, by its command-line name
 * @param total     the figures over every complete tick window of the run
 * @param causes    why the duplicates, overlaps and misses happened, one tally per cause, in order of precedence
 * @param byMode    the figures of each mode the run visited, in the order of their first visit
 * @param segments  each span in one mode, with its knobs
 * @param switches  how long the mode switches took; empty when the run made none
 * @param servers   the servers the run used
 * @param soak      what a soak adds: its seed, its verdict and its faults; empty for any other run
 */
public record SummaryFile(
        int workers,
        String mode,
        Duration every,
        Duration taskTime,
        long readyMillis,
        SummaryFigures total,
        List<CauseTally> causes,
        List<ModeFigures> byMode,
        List<SummarySegment> segments,
        Optional<SwitchTimes> switches,
        List<SummaryServer> servers,
        Optional<SoakSummary> soak) {
    public SummaryFile {
        causes = List.copyOf(causes);
        byMode = List.copyOf(byMode);
        segments = List.copyOf(segments);
        servers = List.copyOf(servers);
    }

    /** The same summary with a soak's own part. */
    public SummaryFile withSoak(SoakSummary part) {
        return new SummaryFile(
                workers,
                mode,
                every,
                taskTime,
                readyMillis,
                total,
                causes,
                byMode,
                segments,
                switches,
                servers,
                Optional.of(part));
    }

    /** How many duplicate ticks, overlapping pairs and missed ticks one cause explains; {@code cause} its wire name. */
    public record CauseTally(String cause, int duplicateTicks, int overlaps, int missedTicks) {}

    /** The figures of one mode, over every span the run spent in it. */
    public record ModeFigures(String mode, SummaryFigures figures) {}

    /** The switch latencies (request sent to the slowest worker's acknowledgement), in ms. */
    public record SwitchTimes(long p50, long max, int count) {}
}
