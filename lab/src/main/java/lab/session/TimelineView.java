package lab.session;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The last ~30 tick windows, one lane per worker.
 *
 * @param ticks oldest first
 * @param lanes per worker id, in display order; each lane has one cell per tick
 * @param duplicateTicks windows the table shows more than one row for
 * @param modeSwitches window → the mode that starts there
 */
public record TimelineView(
        List<Instant> ticks,
        Map<String, List<Cell>> lanes,
        Set<Instant> duplicateTicks,
        Map<Instant, String> modeSwitches) {

    public TimelineView {
        ticks = List.copyOf(ticks);
        // Lanes keep the workers' order (w1, w2, ...); Map.copyOf would shuffle them.
        Map<String, List<Cell>> copy = new LinkedHashMap<>();
        lanes.forEach((worker, cells) -> copy.put(worker, List.copyOf(cells)));
        lanes = Collections.unmodifiableMap(copy);
        duplicateTicks = Set.copyOf(duplicateTicks);
        modeSwitches = Map.copyOf(modeSwitches);
    }
}
