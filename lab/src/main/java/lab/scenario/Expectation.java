package lab.scenario;

import java.util.List;
import java.util.stream.Collectors;
import lab.check.Figures;

/**
 * One figure and the comparison it must pass, as written in an {@code expect} step at {@code line:column}.
 *
 * <p>A span with no complete tick fails ("nothing to judge"): an expectation that passes on an empty span would
 * let a lesson claim what it never showed (a scenario whose wait ended before its first tick).
 */
public record Expectation(Figure figure, Comparison comparison, int line, int column) {

    /** Windows listed one by one in a message before it is cut short. */
    private static final int SHOWN_WINDOWS = 12;

    public Verdict judge(Figures f) {
        String head = figure.key() + ": expected " + comparison + (figure.perTick() ? " in every tick" : "");
        if (f.ticks() == 0 || (figure.perTick() && f.rowsPerTick().isEmpty())) {
            return Verdict.fail(head + ", nothing to judge (no complete tick in the span)");
        }
        if (!figure.counted(f)) {
            return Verdict.fail(head + ", not counted over this span (the store's "
                    + figure.key().replace("_writes", "") + " table could not be read)");
        }
        if (!figure.perTick()) {
            int got = figure.valueOf(f);
            String message = head + ", got " + got + " (over " + ticks(f.ticks()) + ")";
            return comparison.test(got) ? Verdict.pass(message) : Verdict.fail(message);
        }
        List<Integer> counts = f.rowsPerTick();
        long off = counts.stream().filter(n -> !comparison.test(n)).count();
        String message = head + ", got " + shown(counts) + " (over " + ticks(counts.size())
                + (off > 0 ? ", " + off + " off" : "") + ")";
        return off == 0 ? Verdict.pass(message) : Verdict.fail(message);
    }

    /** As written: {@code duplicate_ticks: "> 0"}. */
    @Override
    public String toString() {
        return figure.key() + ": " + comparison;
    }

    private static String ticks(int n) {
        return n + (n == 1 ? " tick" : " ticks");
    }

    private static String shown(List<Integer> counts) {
        String head = counts.stream().limit(SHOWN_WINDOWS).map(String::valueOf).collect(Collectors.joining(" "));
        int more = counts.size() - SHOWN_WINDOWS;
        return "[" + head + (more > 0 ? " ... +" + more + " more" : "") + "]";
    }
}
