package lab.bench;

import java.util.Locale;

/** How the table writes its figures: one decimal for megabytes, two for seconds, whole ms and µs. */
final class Units {
    private Units() {}

    static String mb(double v) {
        return String.format(Locale.ROOT, "%.1f MB", v);
    }

    static String seconds(double v) {
        return String.format(Locale.ROOT, "%.2f s", v);
    }

    static String ms(double v) {
        return String.format(Locale.ROOT, "%.0f ms", v);
    }

    static String us(double v) {
        return String.format(Locale.ROOT, "%.0f µs", v);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    static String ratio(double v) {
        return String.format(Locale.ROOT, "%.2f×", v);
    }
}
