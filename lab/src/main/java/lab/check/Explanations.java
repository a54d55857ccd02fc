package lab.check;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every duplicate tick, overlapping pair and missed tick of a span, explained, ordered by tick; the counts per
 * cause are read from the findings, so they can never disagree with them.
 */
public record Explanations(List<Finding> findings) {
    public Explanations {
        findings = List.copyOf(findings);
    }

    /** Per cause that occurs, in precedence order, how many findings of each kind it explains. */
    public Map<Cause, CauseCounts> counts() {
        Map<Cause, CauseCounts> counts = new EnumMap<>(Cause.class);
        for (Finding f : findings) {
            counts.merge(f.cause(), CauseCounts.NONE.plus(f.kind()), (was, one) -> was.plus(f.kind()));
        }
        return Collections.unmodifiableMap(counts);
    }

    /** The causes that occur. */
    public Set<Cause> causes() {
        Set<Cause> causes = EnumSet.noneOf(Cause.class);
        findings.forEach(f -> causes.add(f.cause()));
        return Collections.unmodifiableSet(causes);
    }

    /** The summary JSON's {@code causes}: {@code {"released-early": {"duplicate_ticks": 2, ...}, ...}}. */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        counts().forEach((cause, n) -> m.put(cause.wireName(), n.toMap()));
        return m;
    }
}
