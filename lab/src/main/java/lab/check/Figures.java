package lab.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * What the counter table says about a span of complete tick windows (definitions in the design's "Time,
 * windows and figures"). {@code rowsPerTick} holds the row count of each window in order, so that an
 * expectation can be judged on every window, not on an average. {@code jobRuns} counts the runs {@code job_runs}
 * noted in the same windows, written or not; it is empty where only the counter rows were read (per mode, per span).
 */
public record Figures(
        int ticks,
        int rows,
        int duplicateTicks,
        int extraRows,
        int missedTicks,
        int overlaps,
        List<Integer> rowsPerTick,
        OptionalInt jobRuns,
        OptionalInt refusedWrites) {

    public Figures {
        rowsPerTick = List.copyOf(rowsPerTick);
    }

    /** The figures of the counter rows alone. */
    public Figures(
            int ticks,
            int rows,
            int duplicateTicks,
            int extraRows,
            int missedTicks,
            int overlaps,
            List<Integer> rowsPerTick) {
        this(
                ticks,
                rows,
                duplicateTicks,
                extraRows,
                missedTicks,
                overlaps,
                rowsPerTick,
                OptionalInt.empty(),
                OptionalInt.empty());
    }

    /** The same figures, with the runs that {@code job_runs} noted in their windows. */
    public Figures withJobRuns(int runs) {
        return new Figures(
                ticks,
                rows,
                duplicateTicks,
                extraRows,
                missedTicks,
                overlaps,
                rowsPerTick,
                OptionalInt.of(runs),
                refusedWrites);
    }

    /** The same figures, with the writes that {@code refused} noted in their windows (stale fencing tokens). */
    public Figures withRefusedWrites(int refused) {
        return new Figures(
                ticks,
                rows,
                duplicateTicks,
                extraRows,
                missedTicks,
                overlaps,
                rowsPerTick,
                jobRuns,
                OptionalInt.of(refused));
    }

    /** The figures of two spans taken together (a mode visited twice in one run). */
    public Figures plus(Figures o) {
        List<Integer> both = new ArrayList<>(rowsPerTick);
        both.addAll(o.rowsPerTick);
        return new Figures(
                ticks + o.ticks,
                rows + o.rows,
                duplicateTicks + o.duplicateTicks,
                extraRows + o.extraRows,
                missedTicks + o.missedTicks,
                overlaps + o.overlaps,
                both,
                // A sum over a span whose runs were not counted would pass for fewer runs than there were.
                sum(jobRuns, o.jobRuns),
                sum(refusedWrites, o.refusedWrites));
    }

    private static OptionalInt sum(OptionalInt a, OptionalInt b) {
        return a.isPresent() && b.isPresent() ? OptionalInt.of(a.getAsInt() + b.getAsInt()) : OptionalInt.empty();
    }

    public int minRowsPerTick() {
        return rowsPerTick.stream().mapToInt(Integer::intValue).min().orElse(0);
    }

    public int maxRowsPerTick() {
        return rowsPerTick.stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /** The lower median: a count that some window really had. */
    public int medianRowsPerTick() {
        if (rowsPerTick.isEmpty()) {
            return 0;
        }
        List<Integer> sorted = rowsPerTick.stream().sorted().toList();
        return sorted.get((sorted.size() - 1) / 2);
    }

    /** The figures under the names the summary JSON and scenario expectations use. */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ticks", ticks);
        m.put("rows", rows);
        m.put("duplicate_ticks", duplicateTicks);
        m.put("extra_rows", extraRows);
        m.put("missed_ticks", missedTicks);
        m.put("overlaps", overlaps);
        Map<String, Object> perTick = new LinkedHashMap<>();
        perTick.put("min", minRowsPerTick());
        perTick.put("median", medianRowsPerTick());
        perTick.put("max", maxRowsPerTick());
        m.put("rows_per_tick", perTick);
        jobRuns.ifPresent(n -> m.put("job_runs", n));
        refusedWrites.ifPresent(n -> m.put("refused_writes", n));
        return m;
    }
}
