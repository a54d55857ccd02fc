package lab.tui;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.check.Figures;
import lab.protocol.Mode;
import lab.session.Cell;
import lab.session.Header;
import lab.session.LabSnapshot;
import lab.session.LockView;
import lab.session.ModeTotal;
import lab.session.ScenarioView;
import lab.session.ServerInfo;
import lab.session.TimelineView;
import lab.session.WorkerView;
import lab.store.CounterRow;

/** Snapshots built by hand, with a sensible default for every part a test does not care about. */
final class SnapshotFixture {
    static final Instant T0 = Instant.parse("2025-03-01T10:34:18Z");

    String mode = "naive";
    List<WorkerView> workers = new ArrayList<>();
    LockView lock = new LockView(Mode.Lock.NONE, "", null, -1, -1, List.of(), List.of(), null);
    List<CounterRow> rows = new ArrayList<>();
    Map<Instant, Integer> rowsPerTick = new LinkedHashMap<>();
    List<ModeTotal> totals = List.of();
    TimelineView timeline = new TimelineView(List.of(), Map.of(), Set.of(), Map.of());
    List<String> events = new ArrayList<>();
    List<ServerInfo> servers =
            new ArrayList<>(List.of(new ServerInfo("h2", "127.0.0.1:9092", "ready", 280, "in-process", "", "")));
    ScenarioView scenario;
    String flash;
    boolean quitAsked;
    List<lab.check.Finding> explanations = List.of();
    /** Null: the defaults of {@link #mode}. */
    lab.protocol.ModeSpec spec;

    private long nextId = 1;

    static SnapshotFixture withWorkers(int n) {
        SnapshotFixture f = new SnapshotFixture();
        for (int i = 1; i <= n; i++) {
            f.workers.add(
                    new WorkerView("w" + i, 4240 + i, 40000 + i, "up", "naive", "executed", 5, 0, 0, false, false));
        }
        return f;
    }

    /** {@code k} rows for the tick {@code seconds} after T0, written by w1..wk, counted in the table as k. */
    SnapshotFixture tick(int seconds, String rowMode, int k) {
        Instant tick = T0.plusSeconds(seconds);
        for (int i = 1; i <= k; i++) {
            rows.add(new CounterRow(
                    nextId++, tick.plusMillis(200 + i), tick, tick.plusMillis(i), "w" + i, 4240 + i, rowMode));
        }
        rowsPerTick.put(tick, k);
        return this;
    }

    SnapshotFixture total(String name, int ticks, int duplicateTicks, int extraRows, int overlaps) {
        Figures f = new Figures(ticks, ticks + extraRows, duplicateTicks, extraRows, 0, overlaps, List.of());
        totals = ModeTotal.plus(totals, name, f);
        return this;
    }

    /** A timeline of {@code n} ticks where every worker ran every tick, so every column is a duplicate. */
    SnapshotFixture naiveTimeline(int n) {
        List<Instant> ticks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ticks.add(T0.plusSeconds(2L * i));
        }
        Map<String, List<Cell>> lanes = new LinkedHashMap<>();
        workers.forEach(w -> lanes.put(w.id(), ticks.stream().map(t -> Cell.RAN).toList()));
        timeline = new TimelineView(ticks, lanes, Set.copyOf(ticks), Map.of());
        return this;
    }

    LabSnapshot build() {
        Header header = new Header(
                mode,
                workers.size(),
                Duration.ofSeconds(2),
                Duration.ofMillis(200),
                Duration.ofSeconds(5),
                "h2",
                servers,
                "/tmp/schedlock-1-x/servers.env",
                spec != null
                        ? spec
                        : lab.protocol.ModeSpec.defaults(
                                lab.protocol.Mode.byName(mode).orElse(lab.protocol.Mode.NAIVE)));
        return new LabSnapshot(
                header,
                workers,
                lock,
                rows,
                rowsPerTick,
                totals,
                timeline,
                events,
                scenario,
                flash,
                quitAsked,
                explanations);
    }
}
