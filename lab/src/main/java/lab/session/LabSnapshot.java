package lab.session;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import lab.check.Finding;
import lab.store.CounterRow;

/**
 * Everything the dashboard shows at one moment. Background threads build a new one and publish it; the UI thread
 * only reads it, so every part is immutable and {@link #equals} tells the UI whether anything changed.
 *
 * @param rowsPerTick row count of each tick window seen in {@code latestRows}' ticks, counted in the table (not in
 *     the few rows shown), so a window whose first rows scrolled away still says {@code DUP ×4}
 * @param totalsByMode running totals per mode name, in the order the modes were first visited
 * @param events latest event lines, already formatted, newest last
 * @param scenario null when no scenario replays
 * @param flash null, or a one-line message for the trainer (a refused key, a server that is not ours)
 * @param quitAsked {@code q} was pressed and awaits {@code y}
 * @param explanations the latest findings the checker explained (duplicates, overlaps, missed ticks), newest
 *     last, at most ten
 */
public record LabSnapshot(
        Header header,
        List<WorkerView> workers,
        LockView lock,
        List<CounterRow> latestRows,
        Map<Instant, Integer> rowsPerTick,
        List<ModeTotal> totalsByMode,
        TimelineView timeline,
        List<String> events,
        ScenarioView scenario,
        String flash,
        boolean quitAsked,
        List<Finding> explanations) {

    public LabSnapshot {
        workers = List.copyOf(workers);
        latestRows = List.copyOf(latestRows);
        rowsPerTick = Map.copyOf(rowsPerTick);
        totalsByMode = List.copyOf(totalsByMode);
        events = List.copyOf(events);
        explanations = List.copyOf(explanations);
    }
}
