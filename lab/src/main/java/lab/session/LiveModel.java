package lab.session;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import lab.check.Checker;
import lab.check.Finding;
import lab.protocol.Event;
import lab.protocol.WorkerFact;
import lab.store.CounterRow;

/**
 * The dashboard's live model: fed by the launcher with event lines, new rows of the counter table and mode switches,
 * it builds immutable snapshots on demand. Rows and duplicates come from the table; outcomes per worker come
 * from events (they are what each worker says it did, and are shown as such).
 */
public final class LiveModel {
    private static final int TIMELINE = 30;
    private static final int EVENTS = 200;
    /** More than any screen shows: the panel keeps the newest that fit. */
    private static final int ROWS_SHOWN = 60;

    private final Duration every;
    private final List<CounterRow> rows = new ArrayList<>();
    private final Map<Instant, Integer> perTick = new HashMap<>();
    private final TreeMap<Instant, Map<String, Cell>> cells = new TreeMap<>();
    private final Map<Instant, String> switches = new HashMap<>();
    private final Map<String, Stats> stats = new HashMap<>();
    private final Deque<String> events = new ArrayDeque<>();
    private final TreeMap<Instant, Set<String>> down = new TreeMap<>();
    private List<Finding> explanations = List.of();

    private static final class Stats {
        String mode = "-";
        String last = "none";
        long executed;
        long skipped;
        long errors;
    }

    public LiveModel(Duration every) {
        this.every = every;
    }

    public synchronized void onEvent(Event e, String line) {
        addLine(line);
        Stats s = stats.computeIfAbsent(e.worker(), k -> new Stats());
        if (e.mode() != null) {
            s.mode = e.mode();
        }
        Cell cell =
                switch (e.type()) {
                    case EXECUTED -> {
                        s.executed++;
                        s.last = "executed";
                        yield Cell.RAN;
                    }
                    case SKIPPED -> {
                        s.skipped++;
                        s.last = "skipped";
                        yield Cell.SKIPPED;
                    }
                    case REFUSED -> {
                        s.executed++;
                        s.last = "refused";
                        // A stale fencing token: the write never landed. An idempotent write that did nothing: the
                        // job ran, and the tick has its row from another worker.
                        yield e.fact() instanceof WorkerFact.Refused r && r.token() != null ? Cell.REFUSED : Cell.RAN;
                    }
                    case ERROR -> {
                        s.errors++;
                        s.last = "error";
                        yield Cell.ERROR;
                    }
                    default -> null;
                };
        if (cell != null && e.tick() != null) {
            // A worker that ran a tick keeps RAN even if a later line of that tick says otherwise.
            cells.computeIfAbsent(e.tick(), k -> new HashMap<>())
                    .merge(e.worker(), cell, (a, b) -> a == Cell.RAN ? a : b);
            while (cells.size() > TIMELINE * 2) {
                cells.pollFirstEntry();
            }
        }
    }

    /**
     * Notes which workers are not running now (paused, killed, exited), so that the timeline keeps a worker's
     * absence at the ticks it happened, not only its state at the moment the screen is drawn.
     */
    public synchronized void observeWorkers(List<WorkerProc> procs, Instant now) {
        Instant tick = Checker.floor(now, every);
        for (WorkerProc p : procs) {
            if (!p.running()) {
                down.computeIfAbsent(tick, k -> new HashSet<>()).add(p.id());
            }
        }
        while (down.size() > TIMELINE * 2) {
            down.pollFirstEntry();
        }
    }

    /** A line from the lab itself (a switch, a fault, a lock change), shown among the events. */
    public synchronized void onLabLine(String line) {
        addLine(line);
    }

    public synchronized void onRows(List<CounterRow> added) {
        for (CounterRow r : added) {
            rows.add(r);
            perTick.merge(r.tickAt(), 1, Integer::sum);
        }
    }

    public synchronized void cleared() {
        rows.clear();
        perTick.clear();
    }

    /** Marks the first window that begins after {@code at} as the start of {@code mode} on the timeline. */
    public synchronized void modeSwitched(String mode, Instant at) {
        switches.put(Checker.floor(at, every).plus(every), mode);
    }

    /** The findings the checker explained lately, newest last; the dashboard keeps the last ten. */
    public synchronized void explained(List<Finding> findings) {
        explanations = List.copyOf(findings.subList(Math.max(0, findings.size() - 10), findings.size()));
    }

    public synchronized long lastRowId() {
        return rows.isEmpty() ? 0 : rows.get(rows.size() - 1).id();
    }

    /** Every row seen so far, for totals counted the checker's way. */
    public synchronized List<CounterRow> rows() {
        return List.copyOf(rows);
    }

    public synchronized LabSnapshot snapshot(
            Header header,
            List<WorkerProc> procs,
            LockView lock,
            String holder,
            String selected,
            List<ModeTotal> totals,
            ScenarioView scenario,
            String flash,
            boolean quitAsked,
            Instant now) {
        List<WorkerView> workers = new ArrayList<>();
        for (WorkerProc p : procs) {
            Stats s = stats.getOrDefault(p.id(), new Stats());
            workers.add(new WorkerView(
                    p.id(),
                    p.pid(),
                    p.port(),
                    p.state(),
                    s.mode,
                    s.last,
                    s.executed,
                    s.skipped,
                    s.errors,
                    p.id().equals(holder)
                            || lock.localHolders().stream()
                                    .anyMatch(h -> h.equals(p.id()) || h.startsWith(p.id() + "@")),
                    p.id().equals(selected),
                    p.exitCode(),
                    p.host(),
                    p.skew()));
        }
        List<CounterRow> latest = rows.subList(Math.max(0, rows.size() - ROWS_SHOWN), rows.size());
        Map<Instant, Integer> latestPerTick = new HashMap<>();
        latest.forEach(r -> latestPerTick.put(r.tickAt(), perTick.get(r.tickAt())));
        return new LabSnapshot(
                header,
                workers,
                lock,
                latest,
                latestPerTick,
                totals,
                timeline(procs, now),
                List.copyOf(events),
                scenario,
                flash,
                quitAsked,
                explanations);
    }

    private TimelineView timeline(List<WorkerProc> procs, Instant now) {
        Instant last = Checker.floor(now, every);
        List<Instant> ticks = new ArrayList<>();
        for (int i = TIMELINE - 1; i >= 0; i--) {
            ticks.add(last.minus(every.multipliedBy(i)));
        }
        Map<String, List<Cell>> lanes = new LinkedHashMap<>();
        for (WorkerProc p : procs) {
            List<Cell> lane = new ArrayList<>();
            for (Instant t : ticks) {
                Cell c = cells.getOrDefault(t, Map.of()).get(p.id());
                boolean wasDown = down.getOrDefault(t, Set.of()).contains(p.id());
                lane.add(c != null ? c : wasDown ? Cell.NOT_ALIVE : Cell.IDLE);
            }
            lanes.put(p.id(), lane);
        }
        Set<Instant> duplicates = new HashSet<>();
        Map<Instant, String> marks = new HashMap<>();
        for (Instant t : ticks) {
            if (perTick.getOrDefault(t, 0) > 1) {
                duplicates.add(t);
            }
            if (switches.containsKey(t)) {
                marks.put(t, switches.get(t));
            }
        }
        return new TimelineView(ticks, lanes, duplicates, marks);
    }

    private void addLine(String line) {
        events.addLast(line);
        while (events.size() > EVENTS) {
            events.removeFirst();
        }
    }
}
