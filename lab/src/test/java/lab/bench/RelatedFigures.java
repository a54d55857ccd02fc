package lab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import lab.protocol.Mode;

/**
 * What {@link PlausibleFigures}' ranges cannot see, each figure alone being plausible: how a bench's figures relate to
 * each other and to the run that made them. Counts are sized to the run ({@link RunShape}: a quick run presses 5 keys,
 * so its shown presses and its misses add up to 5); a worker's PSS is never above its RSS (PSS shares out what RSS
 * counts whole); a lock's acquire and release cost at least the server's round trip they each contain; a stress run
 * misses no more ticks than it has, and one whose lock granted fewer than half of them measured a broken lock, not a
 * slow machine. A figure that is missing is named by the ranges, not here.
 */
final class RelatedFigures {
    private RelatedFigures() {}

    /** The lab's figures of a run of {@code shape}: each broken relation in a sentence; empty when all hold. */
    static List<String> lab(List<Map<String, Object>> rows, RunShape shape) {
        List<String> problems = new ArrayList<>();
        Rows r = new Rows(rows, problems);
        for (int n : shape.sizes()) {
            r.count("pss-" + n, "pss_kb", n, "one PSS per worker of the " + n);
            r.count("rss-" + n, "rss_kb", n, "one RSS per worker of the " + n);
            r.notAbove("pss-" + n, "pss_kb", "rss-" + n, "rss_kb", "a worker's PSS is at most its RSS");
        }
        for (int n : shape.launchSizes()) {
            r.count("launch-" + n, "millis", shape.repeats(), "one time per start of the run");
        }
        r.sum("key", "millis", "misses", shape.presses(), "each press shown or missed");
        r.count("switch", "millis", shape.switches(), "one time per switch of the run");
        for (Mode m : Mode.values()) {
            if (m.scheduling() == Mode.Scheduling.OWNS_THE_SCHEDULE && ShippedModes.isShipped(m)) {
                for (String way : List.of("into_millis", "out_millis")) {
                    r.count("switch-" + m.cliName(), way, shape.replacing(), "one time per switch each way");
                }
            }
        }
        r.notAbove("launcher-rss", "pss_kb", "launcher-rss", "rss_kb", "the launcher's PSS is at most its RSS");
        for (Mode m : ModeRuns.costed()) {
            String row = "memory-" + m.cliName();
            r.count(row, "pss_kb", shape.big(), "one PSS per worker of its lab");
            r.count(row, "rss_kb", shape.big(), "one RSS per worker of its lab");
            r.notAbove(row, "pss_kb", row, "rss_kb", "a worker's PSS is at most its RSS");
            if (ModeRuns.roundTrip(m).isPresent()) {
                String lock = "lock-" + m.cliName();
                r.medianNotBelow(
                        lock,
                        "lock_us",
                        "round_trip_us_p50",
                        "an acquire and a release each contain at least one round trip to the server");
                r.notAbove(lock, "round_trip_us_p50", lock, "round_trip_us_p99", "a p50 is at most its p99");
            }
        }
        r.equal("stress", "workers", shape.big(), "the run's workers");
        r.equal("stress", "seconds", shape.stressLength().toSeconds(), "the run's length");
        r.notAbove("stress", "missed", "stress", "ticks", "no more ticks missed than there were");
        r.notAbove("stress", "duplicates", "stress", "ticks", "no more ticks run twice than there were");
        r.granted("stress");
        r.notAbove("stress", "p99_screen_gap_ms", "stress", "longest_screen_gap_ms", "a p99 is at most the longest");
        r.atMost("stress", "longest_screen_gap_ms", shape.stressLength().toMillis(), "the run's length");
        return problems;
    }

    /** Python's figures of a run of {@code shape} with {@code --compare-python}, held to the same relations. */
    static List<String> python(List<Map<String, Object>> rows, RunShape shape) {
        List<String> problems = new ArrayList<>();
        Rows r = new Rows(rows, problems);
        for (int n : shape.launchSizes()) {
            r.count("launch-" + n, "python_millis", shape.repeats(), "one time per start of Python's app");
        }
        for (int n : shape.sizes()) {
            if (n != 1) {
                r.count("pss-" + n, "python_pss_kb", n, "one PSS per uvicorn worker of the " + n);
                r.count("pss-" + n, "python_rss_kb", n, "one RSS per uvicorn worker of the " + n);
                r.notAbove(
                        "pss-" + n, "python_pss_kb", "pss-" + n, "python_rss_kb", "a worker's PSS is at most its RSS");
            }
        }
        return problems;
    }

    /** The rows of one bench, read for the checks, each broken one said into {@code problems}. */
    private record Rows(List<Map<String, Object>> rows, List<String> problems) {
        Optional<Object> figure(String row, String key) {
            return rows.stream()
                    .filter(m -> row.equals(m.get("id")))
                    .findFirst()
                    .map(m -> m.get("numbers") instanceof Map<?, ?> numbers ? numbers.get(key) : null);
        }

        /** The figure as numbers: one, or each of a list; empty when missing or not all numbers. */
        Optional<List<Double>> numbers(String row, String key) {
            Object v = figure(row, key).orElse(null);
            List<Object> items = v instanceof List<?> l ? new ArrayList<>(l) : v == null ? List.of() : List.of(v);
            if (items.isEmpty() || !items.stream().allMatch(Number.class::isInstance)) {
                return Optional.empty();
            }
            return Optional.of(
                    items.stream().map(o -> ((Number) o).doubleValue()).toList());
        }

        void count(String row, String key, int expected, String why) {
            numbers(row, key).ifPresent(values -> {
                if (values.size() != expected) {
                    problems.add(
                            row + "." + key + " has " + values.size() + " figures, not " + expected + " (" + why + ")");
                }
            });
        }

        void sum(String row, String listKey, String countKey, int expected, String why) {
            numbers(row, listKey).ifPresent(list -> numbers(row, countKey).ifPresent(count -> {
                long total = list.size() + Math.round(count.get(0));
                if (total != expected) {
                    problems.add(row + "." + listKey + " has " + list.size() + " and " + row + "." + countKey + " is "
                            + plain(count.get(0)) + ": " + total + " presses, not the " + expected + " of the run ("
                            + why + ")");
                }
            }));
        }

        void equal(String row, String key, long expected, String why) {
            numbers(row, key).ifPresent(v -> {
                if (v.get(0) != expected) {
                    problems.add(row + "." + key + " is " + plain(v.get(0)) + ", not " + expected + " (" + why + ")");
                }
            });
        }

        void atMost(String row, String key, double most, String why) {
            numbers(row, key).ifPresent(v -> {
                if (v.get(0) > most) {
                    problems.add(
                            row + "." + key + " is " + plain(v.get(0)) + ", above " + plain(most) + " (" + why + ")");
                }
            });
        }

        /**
         * Each figure of {@code key} at most its peer of {@code peerKey}: pair by pair where both are lists of one
         * length (the same workers, in the same order), else each against the peer's largest.
         */
        void notAbove(String row, String key, String peerRow, String peerKey, String why) {
            numbers(row, key).ifPresent(low -> numbers(peerRow, peerKey).ifPresent(high -> {
                boolean paired = low.size() == high.size();
                for (int i = 0; i < low.size(); i++) {
                    double peer = paired
                            ? high.get(i)
                            : high.stream().mapToDouble(d -> d).max().orElseThrow();
                    if (low.get(i) > peer) {
                        String at = low.size() > 1 ? "[" + i + "]" : "";
                        String peerAt = paired && high.size() > 1 ? "[" + i + "]" : "";
                        problems.add(row + "." + key + at + " is " + plain(low.get(i)) + ", above " + peerRow + "."
                                + peerKey + peerAt + " " + plain(peer) + " (" + why + ")");
                    }
                }
            }));
        }

        void medianNotBelow(String row, String key, String floorKey, String why) {
            numbers(row, key).ifPresent(values -> numbers(row, floorKey).ifPresent(floor -> {
                double median = Stats.median(values);
                if (median < floor.get(0)) {
                    problems.add(String.format(
                            Locale.ROOT,
                            "%s.%s's median is %s µs, below %s.%s %s µs (%s)",
                            row,
                            key,
                            plain(median),
                            row,
                            floorKey,
                            plain(floor.get(0)),
                            why));
                }
            }));
        }

        /** At least half the stress run's ticks ran: a lock that never grants misses every one. */
        void granted(String row) {
            numbers(row, "ticks").ifPresent(ticks -> numbers(row, "missed").ifPresent(missed -> {
                double ran = ticks.get(0) - missed.get(0);
                if (ran * 2 < ticks.get(0)) {
                    problems.add(row + ": " + plain(ran) + " of " + plain(ticks.get(0)) + " ticks ran ("
                            + plain(missed.get(0))
                            + " missed): fewer than half, a lock that does not grant, not a slow machine");
                }
            }));
        }
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
