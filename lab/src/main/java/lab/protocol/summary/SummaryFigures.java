package lab.protocol.summary;

import java.util.OptionalInt;

/**
 * The checker's figures over a span of complete tick windows, as a summary keeps them: the counts, and the rows per
 * tick as min, median and max (the summary does not keep every window's count).
 *
 * @param jobRuns       the runs {@code job_runs} noted in the span's windows; empty where only the counter rows were
 *     read (a mode's span)
 * @param refusedWrites the writes a fenced store refused in the span's windows; empty likewise
 */
public record SummaryFigures(
        int ticks,
        int rows,
        int duplicateTicks,
        int extraRows,
        int missedTicks,
        int overlaps,
        RowsPerTick rowsPerTick,
        OptionalInt jobRuns,
        OptionalInt refusedWrites) {

    /** The fewest, the median (lower: a count some window had) and the most rows a window held. */
    public record RowsPerTick(int min, int median, int max) {}
}
