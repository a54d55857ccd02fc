package lab.matrix;

import java.util.Map;

/**
 * One cell of the matrix: a mode under a fault, as the counter table judged it, or {@code n/a} with why.
 *
 * @param verdict {@link #SURVIVES}, {@link #FAILS} or {@link #NA}
 * @param why     for {@code n/a}, why the fault cannot touch the mode or the machine cannot do it; else empty
 * @param causes  each cause the explainer gave a duplicate, overlap or missed tick, with how many it explained
 */
public record CellResult(
        String mode,
        String fault,
        String verdict,
        String why,
        int ticks,
        int rows,
        int duplicates,
        int overlaps,
        int missed,
        Map<String, Integer> causes) {
    public static final String SURVIVES = "survives";
    public static final String FAILS = "fails";
    public static final String NA = "n/a";

    public CellResult {
        causes = Map.copyOf(causes);
    }

    public static CellResult notApplicable(String mode, String fault, String why) {
        return new CellResult(mode, fault, NA, why, 0, 0, 0, 0, 0, Map.of());
    }

    /** Survives when the span judged ticks and counted no duplicate, overlap or missed tick in them. */
    public static String judge(int ticks, int duplicates, int overlaps, int missed) {
        return ticks > 0 && duplicates == 0 && overlaps == 0 && missed == 0 ? SURVIVES : FAILS;
    }

    public boolean judged() {
        return !NA.equals(verdict);
    }
}
