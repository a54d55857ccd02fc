package lab.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Percentiles by nearest rank: every figure printed is one that was measured, never an interpolation. */
final class Stats {
    private Stats() {}

    static double percentile(List<? extends Number> values, double p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>();
        values.forEach(v -> sorted.add(v.doubleValue()));
        Collections.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    static double median(List<? extends Number> values) {
        return percentile(values, 50);
    }

    static double min(List<? extends Number> values) {
        return values.stream().mapToDouble(Number::doubleValue).min().orElse(Double.NaN);
    }

    static double max(List<? extends Number> values) {
        return values.stream().mapToDouble(Number::doubleValue).max().orElse(Double.NaN);
    }
}
