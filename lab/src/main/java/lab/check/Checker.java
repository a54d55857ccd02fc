package lab.check;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import lab.store.CounterRow;
import lab.store.TickWindow;

/**
 * Counts, from the rows of the counter table alone, what happened in the complete tick windows of a span.
 * It never looks at what workers said they did: a worker that claims one run and wrote two is counted as two.
 */
public final class Checker {
    private Checker() {}

    /**
     * The figures of the complete windows in {@code [from, to)}: those that begin at or after {@code from} and end
     * at or before {@code to}. Windows are whole multiples of {@code period} since the epoch, as {@code tick_at} is.
     */
    public static Figures figures(List<CounterRow> rows, Instant from, Instant to, Duration period) {
        return figures(rows, from, to, period, Clocks.ONE);
    }

    /** The same, with overlaps judged only between runs whose clocks agree ({@link Clocks}). */
    public static Figures figures(List<CounterRow> rows, Instant from, Instant to, Duration period, Clocks clocks) {
        List<Instant> windows = completeWindows(from, to, period);
        if (windows.isEmpty()) {
            return new Figures(0, 0, 0, 0, 0, 0, List.of());
        }
        // A skewed worker's runs on the machine's clock: the lab set its offset, so its overlaps are judged.
        List<CounterRow> inSpan = inSpan(clocks.corrected(rows), windows, period);
        Map<Instant, List<CounterRow>> perWindow = byWindow(inSpan, period);
        List<Integer> counts = new ArrayList<>();
        int duplicates = 0;
        int extra = 0;
        int missed = 0;
        for (Instant w : windows) {
            int n = perWindow.getOrDefault(w, List.of()).size();
            counts.add(n);
            if (n == 0) {
                missed++;
            } else if (n > 1) {
                duplicates++;
                extra += n - 1;
            }
        }
        return new Figures(
                windows.size(),
                inSpan.size(),
                duplicates,
                extra,
                missed,
                overlappingPairs(inSpan, clocks).size(),
                counts);
    }

    /**
     * The same, with the figures the store's other tables give: {@code job_runs} (how many runs {@code job_runs}
     * noted in those windows, their {@code tick_at}s given as read) and {@code refused_writes} (the same of
     * {@code refused}). Still the store's word, not the workers'.
     */
    public static Figures figures(
            List<CounterRow> rows,
            List<Instant> runTicks,
            List<Instant> refusedTicks,
            Instant from,
            Instant to,
            Duration period) {
        return figures(rows, runTicks, refusedTicks, from, to, period, Clocks.ONE);
    }

    /** The same, with overlaps judged only between runs whose clocks agree ({@link Clocks}). */
    public static Figures figures(
            List<CounterRow> rows,
            List<Instant> runTicks,
            List<Instant> refusedTicks,
            Instant from,
            Instant to,
            Duration period,
            Clocks clocks) {
        List<Instant> windows = completeWindows(from, to, period);
        Figures f = figures(rows, from, to, period, clocks);
        return f.withJobRuns(countIn(runTicks, windows, period))
                .withRefusedWrites(countIn(refusedTicks, windows, period));
    }

    private static int countIn(List<Instant> ticks, List<Instant> windows, Duration period) {
        if (windows.isEmpty()) {
            return 0;
        }
        Instant first = windows.get(0);
        Instant end = windows.get(windows.size() - 1).plus(period);
        return (int) ticks.stream()
                .filter(t -> !t.isBefore(first) && t.isBefore(end))
                .count();
    }

    /** The rows whose {@code tick_at} lies in the given complete windows: the only rows a figure counts. */
    static List<CounterRow> inSpan(List<CounterRow> rows, List<Instant> windows, Duration period) {
        if (windows.isEmpty()) {
            return List.of();
        }
        Instant first = windows.get(0);
        Instant end = windows.get(windows.size() - 1).plus(period);
        return rows.stream()
                .filter(r -> !r.tickAt().isBefore(first) && r.tickAt().isBefore(end))
                .toList();
    }

    /** The rows of each window that has any, by window start. */
    static Map<Instant, List<CounterRow>> byWindow(List<CounterRow> rows, Duration period) {
        return rows.stream()
                .collect(Collectors.groupingBy(r -> floor(r.tickAt(), period), TreeMap::new, Collectors.toList()));
    }

    /** The starts of the windows that fit whole in {@code [from, to)}. */
    public static List<Instant> completeWindows(Instant from, Instant to, Duration period) {
        List<Instant> windows = new ArrayList<>();
        for (TickWindow w = TickWindow.firstFrom(from, period); !w.end().isAfter(to); w = w.next(period)) {
            windows.add(w.start());
        }
        return windows;
    }

    /** The start of the window that holds {@code at}. */
    public static Instant floor(Instant at, Duration period) {
        return TickWindow.containing(at, period).start();
    }

    /**
     * Pairs of runs inside the job at the same moment: their {@code [started_at, created_at]} intervals share
     * more than an end point. Runs that touch (one writes as the next begins) were serialised, not concurrent.
     */
    static int overlaps(List<CounterRow> rows) {
        return overlappingPairs(rows).size();
    }

    /** The pairs {@link #overlaps} counts, the earlier start first: the explainer explains exactly these. */
    static List<JobRunPair> overlappingPairs(List<CounterRow> rows) {
        List<CounterRow> byStart = rows.stream()
                .sorted(Comparator.comparing(CounterRow::startedAt))
                .toList();
        List<JobRunPair> pairs = new ArrayList<>();
        for (int i = 0; i < byStart.size(); i++) {
            CounterRow a = byStart.get(i);
            for (int j = i + 1; j < byStart.size(); j++) {
                CounterRow b = byStart.get(j);
                if (!b.startedAt().isBefore(a.createdAt())) {
                    break; // sorted by start: no later run can begin before a ends either
                }
                if (a.startedAt().isBefore(b.createdAt())) {
                    pairs.add(new JobRunPair(a, b));
                }
            }
        }
        return pairs;
    }

    /** The pairs whose two clocks may be compared: the only overlaps counted and explained. */
    static List<JobRunPair> overlappingPairs(List<CounterRow> rows, Clocks clocks) {
        return overlappingPairs(rows).stream()
                .filter(p -> clocks.comparable(p.first().worker(), p.second().worker()))
                .toList();
    }

    /**
     * One line per pair of workers whose runs overlap by their own clocks, but whose clocks disagree by more than
     * {@link Clocks#BOUND}: what was not judged, and why. Empty when every overlap was judged.
     */
    public static List<String> notJudged(
            List<CounterRow> rows, Instant from, Instant to, Duration period, Clocks clocks) {
        List<CounterRow> inSpan = inSpan(clocks.corrected(rows), completeWindows(from, to, period), period);
        Map<String, Integer> byWorkers = new TreeMap<>();
        Map<String, String[]> names = new TreeMap<>();
        for (JobRunPair p : overlappingPairs(inSpan)) {
            String a = p.first().worker();
            String b = p.second().worker();
            if (!clocks.comparable(a, b)) {
                String first = a.compareTo(b) <= 0 ? a : b;
                String second = first.equals(a) ? b : a;
                byWorkers.merge(first + " " + second, 1, Integer::sum);
                names.put(first + " " + second, new String[] {first, second});
            }
        }
        List<String> lines = new ArrayList<>();
        byWorkers.forEach((k, n) -> lines.add(clocks.notJudged(names.get(k)[0], names.get(k)[1], n)));
        return lines;
    }
}
