package lab.bench;

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
import lab.protocol.Mode;

/**
 * {@code ./run.sh bench}: what the lab costs, measured, in one table (Markdown, for the README) and as JSON. Every
 * figure is taken in this run on this machine; none is asserted, and a row that could not be measured says so.
 * {@code --quick} takes each figure once, small (4 workers, a few seconds): CI proves with it that the command works.
 */
public final class Bench {
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

    /**
     * Runs every row; 0 when each was measured, 1 when one could not be (it says why in its row) or when {@code
     * --compare-python} was asked and Python's figures could not be taken (the note under the table says why).
     */
    public int run() throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("bench");
        OutsideRuns outside = new OutsideRuns(labHome.resolve("run.sh"), Files.createDirectories(work.resolve("runs")));
        InsideRuns inside = new InsideRuns(work);
        RunShape shape = RunShape.of(quick);
        List<Integer> sizes = shape.sizes();
        List<Integer> launchSizes = shape.launchSizes();
        int repeats = shape.repeats();
        Duration settle = shape.settle();
        int big = shape.big();

        say("warming up: one start, counted nowhere (a fresh jar's first worker writes the class-data archive)");
        try {
            outside.warmUp();
        } catch (IOException e) {
            say("warm-up failed: " + e.getMessage());
        }
        if (comparePython) {
            runPython(work, launchSizes, repeats, settle);
        } else {
            pythonNote = "Python not run here (add --compare-python): the goals set against Python's figures say \""
                    + GoalVerdict.NOT_COMPARED_WORDS + "\"";
        }
        Goals goals = new Goals(python, pythonReady);
        for (int n : sizes) {
            say("memory of " + n + " idle worker(s)");
            measure(
                    "memory-" + n,
                    "idle memory per worker, N = " + n,
                    () -> goals.memoryRows(outside.memory(n, settle)));
        }
        for (int n : launchSizes) {
            say("launch → all " + n + " answering /healthz, " + repeats + " time(s)");
            measure("launch-" + n, "launch → all " + n + " workers answering /healthz", () -> {
                List<Long> ms = new ArrayList<>();
                for (int i = 0; i < repeats; i++) {
                    ms.add(outside.launchToReady(n));
                }
                return List.of(goals.launchRow(n, ms));
            });
        }
        // The dashboard first: this JVM is its launcher, and the runs after it would grow its heap.
        say("the dashboard open on 4 idle workers, on a terminal in memory: key press → screen updated");
        measure(
                "key",
                "key press → screen updated (virtual terminal)",
                () -> List.of(
                        goals.keyRow(inside.dashboardIdle(4, Duration.ofSeconds(quick ? 2 : 8), shape.presses()))));
        say("./run.sh with its dashboard open on 4 idle workers in a terminal (tmux): the launcher's CPU and memory");
        TerminalDashboard terminal = new TerminalDashboard(labHome.resolve("run.sh"), work.resolve("runs"), work);
        measure(
                "launcher",
                "launcher, dashboard open in a terminal (tmux), 4 idle workers",
                () -> goals.launcherRows(
                        terminal.idle(4, Duration.ofSeconds(quick ? 2 : 8), Duration.ofSeconds(quick ? 3 : 15))));
        int switches = shape.switches();
        say("mode switches redis ↔ postgres with " + big + " workers");
        measure(
                "switch",
                "mode switch, request → last acknowledgement",
                () -> List.of(goals.switchRow(inside.switching(big, switches))));
        for (Mode mode : Mode.values()) {
            if (mode.scheduling() == Mode.Scheduling.OWNS_THE_SCHEDULE) {
                say("mode switches redis → " + mode.cliName() + " → redis with " + big + " workers");
                measure(
                        "switch-" + mode.cliName(),
                        "mode switch into " + mode.cliName() + " and back",
                        () -> List.of(goals.replacingRow(inside.replacing(big, mode, shape.replacing()))));
            }
        }
        costModes(goals, work, big);
        Duration length = shape.stressLength();
        say(InsideRuns.stressShape(big, length));
        measure("stress", "stress", () -> List.of(goals.stressRow(inside.stress(big, length))));
        Table table = new Table(rows, quick, pythonNote);
        table.print(out);
        if (json != null) {
            table.write(json, out);
        }
        SessionFolder.deleteTree(work);
        boolean pythonMeasured = !comparePython || pythonReady.keySet().containsAll(launchSizes);
        return rows.stream().allMatch(Row::measured) && pythonMeasured ? 0 : 1;
    }

    /**
     * Each mode that {@link ModeRuns#costed} names, in a lab of its own: its workers' memory, then (for a lock on a
     * server) its lock cost per granted tick, the memory rows first so that the table reads one figure at a time.
     */
    private void costModes(Goals goals, Path work, int workers) throws InterruptedException {
        ModeRuns runs = new ModeRuns(work);
        Duration warm = Duration.ofSeconds(quick ? 1 : 2);
        Duration collect = Duration.ofSeconds(quick ? 3 : 20);
        List<Row> memory = new ArrayList<>();
        List<Row> locks = new ArrayList<>();
        for (Mode mode : ModeRuns.costed()) {
            String name = mode.cliName();
            boolean locked = ModeRuns.roundTrip(mode).isPresent();
            say("mode " + name + " alone, " + workers + " workers: memory per worker"
                    + (locked ? ", and the lock's cost per granted tick" : ""));
            try {
                ModeRuns.Cost cost = runs.run(mode, workers, warm, collect);
                memory.add(goals.modeMemoryRow(cost));
                if (locked) {
                    locks.add(goals.lockRow(cost));
                }
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                String why = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
                memory.add(Row.missing("memory-" + name, "memory per worker in mode " + name, why));
                if (locked) {
                    locks.add(Row.missing("lock-" + name, "per-tick lock cost, " + name, why));
                }
            }
        }
        rows.addAll(memory);
        rows.addAll(locks);
    }

    private void runPython(Path work, List<Integer> sizes, int repeats, Duration settle) throws InterruptedException {
        PythonWorkers py = new PythonWorkers(labHome, work);
        Optional<String> whyNot = py.whyNot();
        if (whyNot.isPresent()) {
            pythonNote = "Python not run here: " + whyNot.get() + "; the goals set against Python's figures say \""
                    + GoalVerdict.NOT_COMPARED_WORDS + "\"";
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
                pythonNote = "Python with " + n + " workers failed: " + e.getMessage() + "; the goals set against"
                        + " Python's figures at " + n + " workers say \"" + GoalVerdict.NOT_COMPARED_WORDS + "\"";
            }
        }
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
