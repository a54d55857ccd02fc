package lab.check;

import java.util.LinkedHashMap;
import java.util.Map;

/** How many duplicate ticks, overlapping pairs and missed ticks one cause explains. */
public record CauseCounts(int duplicateTicks, int overlaps, int missedTicks) {
    public static final CauseCounts NONE = new CauseCounts(0, 0, 0);

    /** These counts with one more finding of {@code kind}. */
    public CauseCounts plus(Finding.Kind kind) {
        return switch (kind) {
            case DUPLICATE -> new CauseCounts(duplicateTicks + 1, overlaps, missedTicks);
            case OVERLAP -> new CauseCounts(duplicateTicks, overlaps + 1, missedTicks);
            case MISSED -> new CauseCounts(duplicateTicks, overlaps, missedTicks + 1);
        };
    }

    /** Under the names of the figures they explain, as the summary JSON writes them. */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("duplicate_ticks", duplicateTicks);
        m.put("overlaps", overlaps);
        m.put("missed_ticks", missedTicks);
        return m;
    }
}
