package lab.soak;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import lab.check.Finding;

/** One injected fault, the ticks it cost (each with the explainer's cause) and the most it may cost. */
public record FaultReport(InjectedFault fault, FaultReach reach, int boundTicks, List<Finding> missed) {
    public FaultReport {
        missed = List.copyOf(missed);
    }

    /** {@code dead-holder ×10, refused ×1}: the explainer's causes of its missed ticks. */
    Map<String, Integer> causes() {
        Map<String, Integer> m = new TreeMap<>();
        missed.forEach(f -> m.merge(f.cause().wireName(), 1, Integer::sum));
        return m;
    }

    /** {@code #2 at 20.118s: pause w3: 11 missed (bound 12): held-past-window ×10, refused ×1}. */
    public String line() {
        StringBuilder b = new StringBuilder(fault.planned().toString())
                .append(": ")
                .append(missed.size())
                .append(" missed (bound ")
                .append(boundTicks)
                .append(")");
        String sep = ": ";
        for (Map.Entry<String, Integer> c : causes().entrySet()) {
            b.append(sep).append(c.getKey()).append(" ×").append(c.getValue());
            sep = ", ";
        }
        if (!fault.healed()) {
            b.append("; NOT UNDONE: ").append(fault.lines().get(fault.lines().size() - 1));
        }
        return b.toString();
    }
}
