package lab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import lab.check.Cause;
import lab.check.Finding;

/**
 * {@code expect: { cause: released-early }} or {@code cause: [lease-expired, deleted-by-other]}, written at
 * {@code line:column}: every duplicate tick, overlap and missed tick of the span has one of these causes, each of
 * them occurs, and none is {@code unexplained}. A span with nothing to explain fails: a trap that did not show is
 * not a lesson.
 */
public record CauseExpectation(List<Cause> causes, int line, int column) {
    public CauseExpectation {
        causes = List.copyOf(causes);
    }

    public Verdict judge(List<Finding> findings) {
        String head = "cause: expected " + names(causes);
        String zhHead = "cause：期望 " + names(causes);
        if (findings.isEmpty()) {
            return Verdict.of(
                    false,
                    head + ", nothing to explain (no duplicate, overlap or missed tick in the span)",
                    zhHead + "，没有可解释的（这段时间没有重复、重叠或漏跑的 tick）");
        }
        Map<Cause, Integer> seen = new LinkedHashMap<>();
        findings.forEach(f -> seen.merge(f.cause(), 1, Integer::sum));
        String got = seen.entrySet().stream()
                .map(e -> e.getKey() + " ×" + e.getValue())
                .collect(Collectors.joining(", "));
        for (Finding f : findings) {
            if (f.cause() == Cause.UNEXPLAINED || !causes.contains(f.cause())) {
                return Verdict.of(
                        false,
                        head + ", got " + got + "; " + f.cause() + ": " + f.sentence(),
                        zhHead + "，实际 " + got + "；" + f.cause() + "：" + f.zh());
            }
        }
        List<Cause> missing = new ArrayList<>(causes);
        missing.removeAll(seen.keySet());
        if (!missing.isEmpty()) {
            return Verdict.of(
                    false,
                    head + ", got " + got + "; never seen: " + names(missing),
                    zhHead + "，实际 " + got + "；没出现过：" + names(missing));
        }
        return Verdict.of(
                true,
                head + ", got " + got + "; e.g. " + findings.get(0).sentence(),
                zhHead + "，实际 " + got + "；例如 " + findings.get(0).zh());
    }

    /** As written: {@code cause: [lease-expired, deleted-by-other]}. */
    @Override
    public String toString() {
        return "cause: " + names(causes);
    }

    private static String names(List<Cause> causes) {
        return causes.size() == 1
                ? causes.get(0).toString()
                : causes.stream().map(Cause::toString).collect(Collectors.joining(", ", "[", "]"));
    }
}
