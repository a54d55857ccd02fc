package lab.bench;

import static lab.bench.Units.mb;
import static lab.bench.Units.ms;
import static lab.bench.Units.pct;
import static lab.bench.Units.ratio;
import static lab.bench.Units.seconds;
import static lab.bench.Units.us;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark's measurements made rows, each judged against its goal: apart from taking the measurements, so that
 * a goal's line (≤ 60 MB, p99 ≤ 50 ms, ≤ 0.85 × Python's) can be checked against numbers worked by hand. A goal
 * set against Python is judged only against Python's figure from this run: where the run has none (no {@code
 * --compare-python}, or the app could not run), the row says "not compared", never a verdict against a figure
 * measured on another day or machine.
 */
final class Goals {
    private final Map<Integer, PythonWorkers.Start> python;
    private final Map<Integer, List<Long>> pythonReady;

    /** {@code python} and {@code pythonReady}: the Python app's starts by number of workers, empty where not run. */
    Goals(Map<Integer, PythonWorkers.Start> python, Map<Integer, List<Long>> pythonReady) {
        this.python = Map.copyOf(python);
        this.pythonReady = Map.copyOf(pythonReady);
    }

    List<Row> memoryRows(OutsideRuns.Memory m) {
        int n = m.workers();
        Map<String, Object> numbers = new LinkedHashMap<>();
        numbers.put("workers", n);
        numbers.put("pss_kb", m.pssKb());
        numbers.put("rss_kb", m.rssKb());
        numbers.put("launcher_rss_kb_headless", m.launcherRssKb());
        Row pss = Row.of(
                "pss-" + n,
                "idle PSS per worker, N = " + n,
                mb(m.avgPssMb()) + " (sum " + mb(m.sumPssMb()) + ")",
                "",
                null,
                numbers);
        Row rss = Row.of(
                "rss-" + n,
                "idle RSS per worker, N = " + n,
                mb(m.avgRssMb()),
                n == 1 ? "" : "≤ 60 MB",
                n == 1 ? null : m.avgRssMb() <= 60,
                Map.of("workers", n, "rss_kb", m.rssKb()));
        if (n != 1) {
            pss = pss.withGoal("≤ Python's", null);
            PythonWorkers.Start py = python.get(n);
            if (py == null) {
                pss = pss.notCompared();
            } else {
                double pyMb =
                        py.pssKb().stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1024;
                pss = pss.withPython(mb(pyMb), ratio(m.avgPssMb() / pyMb), m.avgPssMb() <= pyMb)
                        .withNumber("python_pss_kb", py.pssKb())
                        // Beside its PSS, so that a check can hold each Python worker's PSS to its RSS.
                        .withNumber("python_rss_kb", py.rssKb());
            }
        }
        return List.of(pss, rss);
    }

    Row launchRow(int n, List<Long> ms) {
        double median = Stats.median(ms) / 1000;
        String lab = seconds(median)
                + (ms.size() > 1
                        ? " (min " + seconds(Stats.min(ms) / 1000) + ", max " + seconds(Stats.max(ms) / 1000) + ")"
                        : "");
        Map<String, Object> numbers = Map.of("workers", n, "millis", ms);
        Row row = Row.of("launch-" + n, "launch → all " + n + " answering /healthz", lab, "", null, numbers);
        if (n == 4 || n == 16) {
            row = row.withGoal("≤ 0.85 × Python's", null);
            List<Long> py = pythonReady.get(n);
            if (py == null) {
                row = row.notCompared();
            } else {
                double pyS = Stats.median(py) / 1000;
                row = row.withPython(seconds(pyS), ratio(median / pyS), median <= 0.85 * pyS)
                        .withNumber("python_millis", py);
            }
        }
        return row;
    }

    Row switchRow(InsideRuns.Switching s) {
        double p99 = Stats.percentile(s.switchMillis(), 99);
        return Row.of(
                "switch",
                "mode switch redis ↔ postgres, N = " + s.workers() + ", "
                        + s.switchMillis().size() + " switches",
                "p50 " + ms(Stats.median(s.switchMillis())) + ", p99 " + ms(p99),
                "p99 ≤ 50 ms",
                p99 <= 50,
                Map.of("workers", s.workers(), "millis", s.switchMillis()));
    }

    /** Switches into a mode that replaces the scheduler and back: reported on a row of its own, not held to a goal. */
    Row replacingRow(InsideRuns.Replacing r) {
        String mode = r.mode().cliName();
        return Row.of(
                "switch-" + mode,
                "mode switch redis → " + mode + " → redis (each replaces every worker's scheduler), N = " + r.workers()
                        + ", " + r.intoMillis().size() + " each way",
                "into: p50 " + ms(Stats.median(r.intoMillis())) + ", max "
                        + ms(Stats.percentile(r.intoMillis(), 100)) + "; out: p50 "
                        + ms(Stats.median(r.outMillis())) + ", max " + ms(Stats.percentile(r.outMillis(), 100)),
                "",
                null,
                Map.of("workers", r.workers(), "into_millis", r.intoMillis(), "out_millis", r.outMillis()));
    }

    /** A worker's memory in one mode, each worker's read from outside after its ticks; no goal, naive's row beside. */
    Row modeMemoryRow(ModeRuns.Cost c) {
        String mode = c.mode().cliName();
        double pss = average(c.pssKb()) / 1024;
        Map<String, Object> numbers = new LinkedHashMap<>();
        numbers.put("workers", c.workers());
        numbers.put("mode", mode);
        numbers.put("pss_kb", c.pssKb());
        numbers.put("rss_kb", c.rssKb());
        return Row.of(
                "memory-" + mode,
                "memory per worker in mode " + mode + ", N = " + c.workers(),
                "PSS " + mb(pss) + ", RSS " + mb(average(c.rssKb()) / 1024),
                "",
                null,
                numbers);
    }

    /** The lock's cost per granted tick in one mode, against its server's round trip. */
    Row lockRow(ModeRuns.Cost c) {
        return lockRow(
                c.mode().cliName(), c.roundTrip(), c.workers(), c.lockMicros(), c.roundTripMicros(), c.loopMicros());
    }

    /**
     * Goal: p50 ≤ 3 × the p50 round trip, as issue 27 sets it, both timed the same way: the lock is each holder's own
     * time for its calls, and the round trip one {@code PING} or {@code SELECT 1} the same holder timed after its
     * release, on the same thread and client, every worker firing at once. {@code loop}, the bench's warm loop alone
     * on its connection, is kept beside without a verdict: the gap between the two is the load's, not the lock's.
     */
    static Row lockRow(String mode, String raw, int workers, List<Long> lock, List<Long> rtt, List<Long> loop) {
        if (lock.isEmpty()) {
            return Row.missing(
                    "lock-" + mode,
                    "per-tick lock cost, " + mode,
                    "no granted tick carried acquire_us and release_us while collecting");
        }
        if (rtt.isEmpty()) {
            return Row.missing(
                    "lock-" + mode,
                    "per-tick lock cost, " + mode,
                    "no release carried its holder's round_trip_us while collecting");
        }
        double p50 = Stats.median(lock);
        double rttP50 = Stats.median(rtt);
        double ratio = p50 / rttP50;
        Map<String, Object> numbers = new LinkedHashMap<>();
        numbers.put("workers", workers);
        numbers.put("lock_us", lock);
        numbers.put("round_trip", raw);
        numbers.put("round_trip_us_p50", rttP50);
        numbers.put("round_trip_us_p99", Stats.percentile(rtt, 99));
        numbers.put("round_trip_us", rtt);
        if (!loop.isEmpty()) {
            numbers.put("bench_loop_us_p50", Stats.median(loop));
        }
        return Row.of(
                "lock-" + mode,
                "per-tick lock cost (acquire + release), " + mode + ", N = " + workers,
                "p50 " + us(p50) + ", p99 " + us(Stats.percentile(lock, 99)) + "; " + raw + " p50 " + us(rttP50) + " → "
                        + ratio(ratio)
                        + (loop.isEmpty() ? "" : " (bench's own loop: " + us(Stats.median(loop)) + ")"),
                "p50 ≤ 3 × " + raw,
                ratio <= 3,
                numbers);
    }

    private static double average(List<Long> kb) {
        return kb.stream().mapToLong(Long::longValue).average().orElse(Double.NaN);
    }

    Row keyRow(InsideRuns.Idle i) {
        return Row.of(
                "key",
                "key press → screen updated (virtual terminal)",
                "p50 " + ms(Stats.median(i.keyMillis())) + ", p99 " + ms(Stats.percentile(i.keyMillis(), 99))
                        + (i.keyMisses() > 0 ? ", " + i.keyMisses() + " not shown within 2 s" : ""),
                "",
                null,
                Map.of("millis", i.keyMillis(), "misses", i.keyMisses()));
    }

    List<Row> launcherRows(TerminalDashboard.Launcher l) {
        double rssMb = l.rssKb() / 1024.0;
        return List.of(
                Row.of(
                        "launcher-cpu",
                        "launcher CPU, dashboard open in a terminal (tmux), " + l.workers() + " idle workers",
                        pct(l.cpuPercent()) + " of one core",
                        "",
                        null,
                        Map.of("percent", l.cpuPercent())),
                Row.of(
                        "launcher-rss",
                        "launcher RSS, dashboard open in a terminal (tmux)",
                        mb(rssMb) + " (PSS " + mb(l.pssKb() / 1024.0) + ")",
                        "≤ 100 MB",
                        rssMb <= 100,
                        Map.of("rss_kb", l.rssKb(), "pss_kb", l.pssKb())));
    }

    Row stressRow(InsideRuns.Stress s) {
        boolean met = s.duplicates() == 0 && s.missed() == 0 && s.cpuPercent() <= 25 && s.longestGapMillis() <= 250;
        Map<String, Object> numbers = new LinkedHashMap<>();
        numbers.put("workers", s.workers());
        numbers.put("seconds", s.length().toSeconds());
        numbers.put("ticks", s.ticks());
        numbers.put("duplicates", s.duplicates());
        numbers.put("missed", s.missed());
        numbers.put("launcher_cpu_percent", s.cpuPercent());
        numbers.put("longest_screen_gap_ms", s.longestGapMillis());
        numbers.put("p99_screen_gap_ms", s.p99GapMillis());
        return Row.of(
                "stress",
                InsideRuns.stressShape(s.workers(), s.length()),
                s.ticks() + " ticks, " + s.duplicates() + " duplicates, " + s.missed() + " missed; launcher "
                        + pct(s.cpuPercent()) + "; screen updated at least every " + ms(s.longestGapMillis()),
                "0 dup, 0 missed, ≤ 25 %, ≤ 250 ms",
                met,
                numbers);
    }
}
