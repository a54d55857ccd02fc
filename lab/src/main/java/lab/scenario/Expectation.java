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
        String zhHead = figure.key() + "：期望" + (figure.perTick() ? "每个 tick 都 " : " ") + comparison;
        if (f.ticks() == 0 || (figure.perTick() && f.rowsPerTick().isEmpty())) {
            return Verdict.of(
                    false,
                    head + ", nothing to judge (no complete tick in the span)",
                    zhHead + "，没有可判断的（这段时间里没有完整的 tick）");
        }
        if (!figure.counted(f)) {
            String table = figure.key().replace("_writes", "");
            return Verdict.of(
                    false,
                    head + ", not counted over this span (the store's " + table + " table could not be read)",
                    zhHead + "，这段时间没法统计（读不到存储的 " + table + " 表）");
        }
        if (!figure.perTick()) {
            int got = figure.valueOf(f);
            return Verdict.of(
                    comparison.test(got),
                    head + ", got " + got + " (over " + ticks(f.ticks()) + ")",
                    zhHead + "，实际 " + got + "（共 " + f.ticks() + " 个 tick）");
        }
        List<Integer> counts = f.rowsPerTick();
        long off = counts.stream().filter(n -> !comparison.test(n)).count();
        return Verdict.of(
                off == 0,
                head + ", got " + shown(counts) + " (over " + ticks(counts.size())
                        + (off > 0 ? ", " + off + " off" : "") + ")",
                zhHead + "，实际 " + shown(counts) + "（共 " + counts.size() + " 个 tick"
                        + (off > 0 ? "，" + off + " 个不符" : "") + "）");
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
