package lab.bench;

import static lab.bench.Units.mb;
import static lab.bench.Units.ms;
import static lab.bench.Units.pct;
import static lab.bench.Units.ratio;
import static lab.bench.Units.seconds;
import static lab.bench.Units.us;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import lab.os.SessionFolder;

/**
 * {@code ./run.sh bench}: what the lab costs, measured, in one table (Markdown, for the README) and as JSON. Every
 * figure is taken in this run on this machine; none is asserted, and a row that could not be measured says so.
 * {@code --quick} takes each figure once, small (4 workers, a few seconds): CI proves with it that the command works.
 */
public final class Bench {
    /** The Python figures of the issue that asked for this benchmark, for machines that cannot run the app. */
    private static final double PYTHON_PSS_ELSEWHERE_MB = 39.0;

    private static final double PYTHON_READY_ELSEWHERE_S = 1.05;

    private final boolean quick;
    private final boolean comparePython;
    private final Path json;
    private final Path labHome;
    private final PrintStream out;
    private final List<Row> rows = new ArrayList<>();
    private final Map<Integer, PythonWorkers.Start> python = new LinkedHashMap<>();
    private final Map<Integer, List<Long>> pythonReady = new LinkedHashMap<>();
    private String pythonNote = "";

    public Bench(boolean quick, boolean comparePython, Path json, Path labHome, PrintStream out) {
        this.quick = quick;
        this.comparePython = comparePython;
        this.json = json;
        this.labHome = labHome;
        this.out = out;
    }

    /** Runs every row; 0 when each was measured, 1 when one could not be (it says why in its row). */
    public int run() throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("bench");
        OutsideRuns outside = new OutsideRuns(labHome.resolve("run.sh"), Files.createDirectories(work.resolve("runs")));
        InsideRuns inside = new InsideRuns(work);
        List<Integer> sizes = quick ? List.of(4) : List.of(1, 4, 16);
        List<Integer> launchSizes = quick ? List.of(4) : List.of(4, 16);
        int repeats = quick ? 1 : 5;
        Duration settle = Duration.ofSeconds(quick ? 3 : 10);
        int big = quick ? 4 : 16;

        say("warming up: one start, counted nowhere (a fresh jar's first worker writes the class-data archive)");
        try {
            outside.warmUp();
        } catch (IOException e) {
            say("warm-up failed: " + e.getMessage());
        }
        if (comparePython) {
            runPython(work, launchSizes, repeats, settle);
        } else {
            pythonNote = "Python not run here (add --compare-python): its figures are from elsewhere, as labelled";
        }
        for (int n : sizes) {
            say("memory of " + n + " idle worker(s)");
            measure("memory-" + n, "idle memory per worker, N = " + n, () -> memoryRows(outside.memory(n, settle)));
        }
        for (int n : launchSizes) {
            say("launch → all " + n + " answering /healthz, " + repeats + " time(s)");
            measure("launch-" + n, "launch → all " + n + " workers answering /healthz", () -> {
                List<Long> ms = new ArrayList<>();
                for (int i = 0; i < repeats; i++) {
                    ms.add(outside.launchToReady(n));
                }
                return List.of(launchRow(n, ms));
            });
        }
        // The dashboard first: this JVM is its launcher, and the runs after it would grow its heap.
        say("the dashboard open on 4 idle workers");
        measure(
                "dashboard",
                "dashboard, 4 idle workers",
                () -> idleRows(inside.dashboardIdle(
                        4, Duration.ofSeconds(quick ? 2 : 8), Duration.ofSeconds(quick ? 3 : 15), quick ? 5 : 20)));
        int switches = quick ? 10 : 50;
        say("mode switches redis ↔ postgres with " + big + " workers, and the lock's cost per tick");
        measure(
                "switch",
                "mode switch, request → last acknowledgement",
                () -> switchRows(inside.switching(big, switches, Duration.ofSeconds(quick ? 3 : 20))));
        Duration length = Duration.ofSeconds(quick ? 5 : 60);
        say("stress: " + big + " workers, every 100 ms, task 20 ms, " + length.toSeconds() + " s, redis, hold window");
        measure("stress", "stress", () -> List.of(stressRow(inside.stress(big, length))));
        Table table = new Table(rows, quick, pythonNote);
        table.print(out);
        if (json != null) {
            table.write(json, out);
        }
        SessionFolder.deleteTree(work);
        return rows.stream().allMatch(Row::measured) ? 0 : 1;
    }

    private void runPython(Path work, List<Integer> sizes, int repeats, Duration settle) throws InterruptedException {
        PythonWorkers py = new PythonWorkers(labHome, work);
        Optional<String> whyNot = py.whyNot();
        if (whyNot.isPresent()) {
            pythonNote = "Python not run here: " + whyNot.get() + "; its figures are from elsewhere, as labelled";
            return;
        }
        pythonNote = "Python: " + pythonVersionLine();
        for (int n : sizes) {
            say("the Python app under uvicorn --workers " + n + ", " + repeats + " time(s)");
            try {
                List<Long> ready = new ArrayList<>();
                PythonWorkers.Start last = null;
                for (int i = 0; i < repeats; i++) {
                    last = py.start(n, i == repeats - 1 ? settle : Duration.ZERO);
                    ready.add(last.readyMillis());
                }
                python.put(n, last);
                pythonReady.put(n, ready);
            } catch (IOException e) {
                pythonNote = "Python with " + n + " workers failed: " + e.getMessage();
            }
        }
    }

    private List<Row> memoryRows(OutsideRuns.Memory m) {
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
            PythonWorkers.Start py = python.get(n);
            if (py != null) {
                double pyMb =
                        py.pssKb().stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1024;
                pss = pss.withGoal("≤ Python's", m.avgPssMb() <= pyMb)
                        .withPython(mb(pyMb), ratio(m.avgPssMb() / pyMb), m.avgPssMb() <= pyMb);
            } else {
                pss = pss.withGoal("≤ Python's", m.avgPssMb() <= PYTHON_PSS_ELSEWHERE_MB)
                        .withPython(
                                n == 4 ? mb(PYTHON_PSS_ELSEWHERE_MB) + " (elsewhere)" : "",
                                n == 4 ? ratio(m.avgPssMb() / PYTHON_PSS_ELSEWHERE_MB) : "",
                                m.avgPssMb() <= PYTHON_PSS_ELSEWHERE_MB);
            }
        }
        return List.of(pss, rss);
    }

    private Row launchRow(int n, List<Long> ms) {
        double median = Stats.median(ms) / 1000;
        String lab = seconds(median)
                + (ms.size() > 1
                        ? " (min " + seconds(Stats.min(ms) / 1000) + ", max " + seconds(Stats.max(ms) / 1000) + ")"
                        : "");
        Map<String, Object> numbers = Map.of("workers", n, "millis", ms);
        Row row = Row.of("launch-" + n, "launch → all " + n + " answering /healthz", lab, "", null, numbers);
        if (n == 16) {
            row = row.withGoal("≤ 3.5 s", median <= 3.5);
        }
        if (n == 4 || n == 16) {
            List<Long> py = pythonReady.get(n);
            if (py != null) {
                double pyS = Stats.median(py) / 1000;
                boolean met = n == 4 ? median <= 0.85 * pyS : median <= 3.5;
                row = row.withPython(seconds(pyS), ratio(median / pyS), met);
                if (n == 4) {
                    row = row.withGoal("≤ 0.85 × Python's", met);
                }
            } else if (n == 4) {
                row = row.withGoal("≤ 0.85 × Python's", median <= 0.85 * PYTHON_READY_ELSEWHERE_S)
                        .withPython(
                                seconds(PYTHON_READY_ELSEWHERE_S) + " (elsewhere)",
                                ratio(median / PYTHON_READY_ELSEWHERE_S),
                                median <= 0.85 * PYTHON_READY_ELSEWHERE_S);
            }
        }
        return row;
    }

    private List<Row> switchRows(InsideRuns.Switching s) {
        double p99 = Stats.percentile(s.switchMillis(), 99);
        Row sw = Row.of(
                "switch",
                "mode switch redis ↔ postgres, N = " + s.workers() + ", "
                        + s.switchMillis().size() + " switches",
                "p50 " + ms(Stats.median(s.switchMillis())) + ", p99 " + ms(p99),
                "p99 ≤ 50 ms",
                p99 <= 50,
                Map.of("workers", s.workers(), "millis", s.switchMillis()));
        return List.of(
                sw,
                lockRow("redis", "PING", s.workers(), s.redisLockMicros(), s.pingMicros()),
                lockRow("postgres", "SELECT 1", s.workers(), s.pgLockMicros(), s.select1Micros()));
    }

    static Row lockRow(String mode, String raw, int workers, List<Long> lock, List<Long> rtt) {
        if (lock.isEmpty()) {
            return Row.missing("lock-" + mode, "per-tick lock cost, " + mode, "no tick was granted while collecting");
        }
        double p50 = Stats.median(lock);
        double rttP50 = Stats.median(rtt);
        double ratio = p50 / rttP50;
        return Row.of(
                "lock-" + mode,
                "per-tick lock cost (acquire + release), " + mode + ", N = " + workers,
                "p50 " + us(p50) + ", p99 " + us(Stats.percentile(lock, 99)) + "; " + raw + " p50 " + us(rttP50) + " → "
                        + ratio(ratio),
                "p50 ≤ 2.5 × " + raw,
                ratio <= 2.5,
                Map.of(
                        "workers",
                        workers,
                        "lock_us",
                        lock,
                        "round_trip_us_p50",
                        rttP50,
                        "round_trip_us_p99",
                        Stats.percentile(rtt, 99)));
    }

    private List<Row> idleRows(InsideRuns.Idle i) {
        double rssMb = i.rssKb() / 1024.0;
        return List.of(
                Row.of(
                        "key",
                        "key press → screen updated (virtual terminal)",
                        "p50 " + ms(Stats.median(i.keyMillis())) + ", p99 " + ms(Stats.percentile(i.keyMillis(), 99))
                                + (i.keyMisses() > 0 ? ", " + i.keyMisses() + " not shown within 2 s" : ""),
                        "",
                        null,
                        Map.of("millis", i.keyMillis(), "misses", i.keyMisses())),
                Row.of(
                        "launcher-cpu",
                        "launcher CPU, dashboard open, " + i.workers() + " idle workers",
                        pct(i.cpuPercent()) + " of one core",
                        "",
                        null,
                        Map.of("percent", i.cpuPercent())),
                Row.of(
                        "launcher-rss",
                        "launcher RSS, dashboard open",
                        mb(rssMb),
                        "≤ 100 MB",
                        rssMb <= 100,
                        Map.of("rss_kb", i.rssKb())));
    }

    private static Row stressRow(InsideRuns.Stress s) {
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
                "stress: " + s.workers() + " workers, every 100 ms, task 20 ms, "
                        + s.length().toSeconds() + " s, redis, hold window",
                s.ticks() + " ticks, " + s.duplicates() + " duplicates, " + s.missed() + " missed; launcher "
                        + pct(s.cpuPercent()) + "; screen updated at least every " + ms(s.longestGapMillis()),
                "0 dup, 0 missed, ≤ 25 %, ≤ 250 ms",
                met,
                numbers);
    }

    private interface Measure {
        List<Row> rows() throws Exception;
    }

    private void measure(String id, String figure, Measure m) throws InterruptedException {
        try {
            rows.addAll(m.rows());
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            rows.add(Row.missing(
                    id,
                    figure,
                    String.valueOf(e.getMessage()).lines().findFirst().orElse("")));
        }
    }

    private static String pythonVersionLine() {
        try {
            Process p = new ProcessBuilder(
                            "/usr/bin/python3",
                            "-c",
                            "import sys, fastapi, uvicorn, apscheduler; print('Python', sys.version.split()[0],"
                                    + " 'fastapi', fastapi.__version__, 'uvicorn', uvicorn.__version__,"
                                    + " 'apscheduler', apscheduler.__version__)")
                    .redirectErrorStream(true)
                    .start();
            String v = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor();
            return v + ", app lab/bench/python/app.py under uvicorn --workers N, measured in this run";
        } catch (IOException | InterruptedException e) {
            return "measured in this run";
        }
    }

    private void say(String line) {
        out.println("bench: " + line);
    }
}
