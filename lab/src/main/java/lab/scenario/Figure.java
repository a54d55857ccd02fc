package lab.scenario;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import lab.check.Figures;

/** The figures an {@code expect} may name, under the names of the summary JSON (see the design's "Time, windows and
 * figures"). */
public enum Figure {
    TICKS("ticks", Figures::ticks),
    ROWS("rows", Figures::rows),
    DUPLICATE_TICKS("duplicate_ticks", Figures::duplicateTicks),
    EXTRA_ROWS("extra_rows", Figures::extraRows),
    MISSED_TICKS("missed_ticks", Figures::missedTicks),
    OVERLAPS("overlaps", Figures::overlaps),
    /** Runs of the job noted in job_runs, written or not: "it ran 4 times, the table kept 1". */
    JOB_RUNS("job_runs", f -> f.jobRuns().orElseThrow(() -> new IllegalStateException("job_runs was not counted"))),
    /** Writes the store refused for a stale fencing token, counted from its refused table. */
    REFUSED_WRITES("refused_writes", f -> f.refusedWrites()
            .orElseThrow(() -> new IllegalStateException("refused_writes was not counted"))),
    /** Judged on every window, never on an average: it has no single value. */
    ROWS_PER_TICK("rows_per_tick", null);

    private final String key;
    private final ToIntFunction<Figures> value;

    Figure(String key, ToIntFunction<Figures> value) {
        this.key = key;
        this.value = value;
    }

    public String key() {
        return key;
    }

    /** True for {@link #ROWS_PER_TICK}, whose comparison must hold in every window. */
    public boolean perTick() {
        return value == null;
    }

    /** Whether {@code f} has this figure: job_runs and refused_writes only where the store's tables were read. */
    public boolean counted(Figures f) {
        return switch (this) {
            case JOB_RUNS -> f.jobRuns().isPresent();
            case REFUSED_WRITES -> f.refusedWrites().isPresent();
            default -> true;
        };
    }

    /** The figure's value over the whole span; not defined for {@link #ROWS_PER_TICK}. */
    public int valueOf(Figures f) {
        if (value == null) {
            throw new IllegalStateException(key + " has one value per tick, not one per span");
        }
        return value.applyAsInt(f);
    }

    public static Optional<Figure> byKey(String key) {
        return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst();
    }

    public static String keys() {
        return Arrays.stream(values()).map(Figure::key).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return key;
    }
}
