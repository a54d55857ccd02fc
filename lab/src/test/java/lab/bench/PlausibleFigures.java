package lab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import lab.protocol.Mode;

/**
 * What a bench's JSON must hold, whatever the machine: every figure present, a finite number, and inside a range that
 * any working lab falls in and a broken measurement falls out of. The ranges are wide on purpose (a loaded 2-core
 * machine and a fast laptop both fit): they judge the measuring, not the lab's speed, which the goals judge.
 */
final class PlausibleFigures {
    /** One raw figure of one row: a number, or a list of numbers each of which must fit. */
    record Range(String row, String key, double low, double high, String why) {}

    private static final double MB = 1024; // the JSON carries kilobytes

    /**
     * The figures of every quick run ({@link RunShape#QUICK}), plain or with Python: these, then each costed mode's
     * ({@link #modes}). How the figures must relate to each other and to the run's size is {@link RelatedFigures}'.
     */
    static final List<Range> LAB = concat(
            List.of(
                    new Range("pss-4", "pss_kb", 5 * MB, 500 * MB, "a worker's PSS between 5 and 500 MB"),
                    new Range(
                            "pss-4",
                            "launcher_rss_kb_headless",
                            20 * MB,
                            2000 * MB,
                            "a headless launcher's RSS between 20 MB and 2 GB"),
                    new Range("rss-4", "rss_kb", 5 * MB, 500 * MB, "a worker's RSS between 5 and 500 MB"),
                    new Range("launch-4", "millis", 50, 60_000, "a start to all 4 ready between 0.05 and 60 s"),
                    // A press not shown within 2 s is counted as a miss, not as a time.
                    new Range("key", "millis", 0.01, 2000, "a key press shown between 10 µs and 2 s"),
                    new Range(
                            "key",
                            "misses",
                            0,
                            RunShape.QUICK.presses(),
                            "between 0 and the " + RunShape.QUICK.presses() + " presses of a quick run missed"),
                    new Range(
                            "launcher-cpu",
                            "percent",
                            0,
                            100.0 * Runtime.getRuntime().availableProcessors(),
                            "a launcher's CPU between 0 and every core of this machine, in % of one"),
                    new Range(
                            "launcher-rss",
                            "rss_kb",
                            20 * MB,
                            2000 * MB,
                            "the dashboard's launcher's RSS between 20 MB and 2 GB"),
                    new Range(
                            "launcher-rss",
                            "pss_kb",
                            10 * MB,
                            2000 * MB,
                            "the dashboard's launcher's PSS between 10 MB and 2 GB"),
                    new Range("switch", "millis", 0.1, 30_000, "a mode switch acknowledged between 0.1 ms and 30 s"),
                    new Range(
                            "stress",
                            "ticks",
                            RunShape.QUICK.stressWindows() / 2,
                            RunShape.QUICK.stressWindows(),
                            "between half and all of the " + RunShape.QUICK.stressWindows() + " tick windows of a"
                                    + " quick run's "
                                    + RunShape.QUICK.stressLength().toSeconds() + " s of stress"),
                    // The lock is held to the tick's end: one row per tick at most, counted from the counter table.
                    new Range(
                            "stress",
                            "duplicates",
                            0,
                            0,
                            "no duplicate under a per-tick key kept a full period past the latest fire the worker runs"),
                    new Range(
                            "stress",
                            "missed",
                            0,
                            RunShape.QUICK.stressWindows(),
                            "between 0 and every tick window of a quick run's stress missed"),
                    new Range(
                            "stress",
                            "launcher_cpu_percent",
                            0,
                            100.0 * Runtime.getRuntime().availableProcessors(),
                            "a launcher's CPU between 0 and every core of this machine, in % of one"),
                    new Range(
                            "stress",
                            "longest_screen_gap_ms",
                            0.01,
                            60_000,
                            "the longest gap between two screen updates between 10 µs and 60 s")),
            modes());

    /** Python's figures, which a quick run with {@code --compare-python} must carry beside the lab's. */
    static final List<Range> PYTHON = List.of(
            new Range("pss-4", "python_pss_kb", 5 * MB, 500 * MB, "a Python worker's PSS between 5 and 500 MB"),
            new Range(
                    "launch-4",
                    "python_millis",
                    50,
                    60_000,
                    "uvicorn's start to all 4 answering between 0.05 and 60 s"),
            new Range("pss-4", "python_rss_kb", 5 * MB, 500 * MB, "a Python worker's RSS between 5 and 500 MB"));

    private PlausibleFigures() {}

    /**
     * Each mode the bench costs ({@link ModeRuns#costed}, from the modes' declarations): its workers' memory, and
     * where its lock is on a server, the lock's cost and the server's round trip. A mode declared so gets its ranges
     * here without a line of its own.
     */
    static List<Range> modes() {
        List<Range> ranges = new ArrayList<>();
        for (Mode m : ModeRuns.costed()) {
            String name = m.cliName();
            ranges.add(new Range(
                    "memory-" + name, "pss_kb", 5 * MB, 500 * MB, "a " + name + " worker's PSS between 5 and 500 MB"));
            ranges.add(new Range(
                    "memory-" + name, "rss_kb", 5 * MB, 500 * MB, "a " + name + " worker's RSS between 5 and 500 MB"));
            if (m.scheduling() == Mode.Scheduling.OWNS_THE_SCHEDULE) {
                for (String way : List.of("into_millis", "out_millis")) {
                    ranges.add(new Range(
                            "switch-" + name,
                            way,
                            0.1,
                            30_000,
                            "a switch that replaces every worker's scheduler acknowledged between 0.1 ms and 30 s"));
                }
            }
            ModeRuns.roundTrip(m).ifPresent(raw -> {
                String row = "lock-" + name;
                ranges.add(new Range(row, "lock_us", 1, 1_000_000, "a " + name + " lock cost between 1 µs and 1 s"));
                ranges.add(new Range(row, "round_trip_us_p50", 1, 1_000_000, "a " + raw + " between 1 µs and 1 s"));
                ranges.add(new Range(row, "round_trip_us_p99", 1, 1_000_000, "a " + raw + " between 1 µs and 1 s"));
                ranges.add(new Range(
                        row, "round_trip_us", 1, 1_000_000, "each " + raw + " its holders timed between 1 µs and 1 s"));
                ranges.add(new Range(
                        row, "bench_loop_us_p50", 1, 1_000_000, "the bench's own " + raw + " between 1 µs and 1 s"));
            });
        }
        return ranges;
    }

    private static List<Range> concat(List<Range> a, List<Range> b) {
        List<Range> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }

    /** Each figure that is missing, not a finite number or out of its range, in a sentence; empty when all fit. */
    static List<String> problems(List<Map<String, Object>> rows, List<Range> ranges) {
        List<String> problems = new ArrayList<>();
        for (Range r : ranges) {
            Map<String, Object> row = rows.stream()
                    .filter(m -> r.row().equals(m.get("id")))
                    .findFirst()
                    .orElse(null);
            if (row == null) {
                problems.add("row " + r.row() + " is missing (" + r.why() + ")");
                continue;
            }
            Object numbers = row.get("numbers");
            Object value = numbers instanceof Map<?, ?> m ? m.get(r.key()) : null;
            if (value == null) {
                problems.add(r.row() + "." + r.key() + " is missing: the row says '" + row.get("lab") + "' (" + r.why()
                        + ")");
            } else if (value instanceof List<?> list) {
                if (list.isEmpty()) {
                    problems.add(r.row() + "." + r.key() + " is an empty list (" + r.why() + ")");
                }
                for (int i = 0; i < list.size(); i++) {
                    check(r, r.row() + "." + r.key() + "[" + i + "]", list.get(i))
                            .ifPresent(problems::add);
                }
            } else {
                check(r, r.row() + "." + r.key(), value).ifPresent(problems::add);
            }
        }
        return problems;
    }

    private static Optional<String> check(Range r, String name, Object value) {
        // The JSON writer quotes NaN and the infinities (they are not JSON numbers): they come back as strings.
        if (!(value instanceof Number n) || !Double.isFinite(n.doubleValue())) {
            return Optional.of(name + " is " + describe(value) + ", not a finite number (" + r.why() + ")");
        }
        double v = n.doubleValue();
        if (v < r.low() || v > r.high()) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "%s is %s, outside %s to %s (%s)",
                    name,
                    value,
                    plain(r.low()),
                    plain(r.high()),
                    r.why()));
        }
        return Optional.empty();
    }

    private static String describe(Object value) {
        return value instanceof String s ? "'" + s + "'" : String.valueOf(value);
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
