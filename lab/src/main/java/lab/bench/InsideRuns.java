package lab.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.launcher.StartFailure;
import lab.protocol.Hold;
import lab.protocol.Knobs;
import lab.protocol.LockKey;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.summary.SummaryCodec;
import lab.protocol.summary.SummaryFigures;
import lab.runs.DashboardRun;
import lab.session.SwitchResult;
import lab.tui.VirtualScreen;

/**
 * The figures taken with the lab inside the bench's own JVM, which then is the launcher (started by {@code run.sh}
 * with the launcher's flags): the dashboard on a terminal in memory, switches timed by the caller, and the workers'
 * own measure of each lock call from their events.
 */
final class InsideRuns {
    private static final Duration START_LIMIT = Duration.ofSeconds(120);
    /** A line the help overlay alone shows: the screen is updated once it is there. */
    private static final String HELP_MARK = "gracefully";

    private final Path work;
    private final long self = ProcessHandle.current().pid();

    InsideRuns(Path work) {
        this.work = work;
    }

    /**
     * The dashboard open on {@code workers} idle workers: key press → screen updated. The launcher's CPU and memory are
     * not taken here, where the launcher is the bench's JVM, but by {@link TerminalDashboard}.
     */
    record Idle(int workers, List<Double> keyMillis, int keyMisses) {}

    Idle dashboardIdle(int workers, Duration settle, int presses) throws Exception {
        VirtualScreen screen = new VirtualScreen(120, 40);
        LabSettings settings = settings(workers, ModeSpec.defaults(Mode.NAIVE), Duration.ofSeconds(2));
        Running run = dashboard(settings, screen);
        try {
            awaitReady(run);
            // The screen shows the workers once it has drawn after they were ready.
            screen.awaitFlushShowing(s -> s.contains("ready in"), Duration.ofSeconds(5));
            Thread.sleep(settle.toMillis());
            List<Double> keys = new ArrayList<>();
            int misses = 0;
            for (int i = 0; i < presses; i++) {
                long pressed = System.nanoTime();
                screen.press('?');
                long shown = screen.awaitFlushShowing(s -> s.contains(HELP_MARK), Duration.ofSeconds(2));
                if (shown < 0) {
                    misses++;
                } else {
                    keys.add((shown - pressed) / 1e6);
                }
                screen.press('?');
                screen.awaitFlushShowing(s -> !s.contains(HELP_MARK), Duration.ofSeconds(2));
                Thread.sleep(150);
            }
            return new Idle(workers, keys, misses);
        } finally {
            quit(screen, run);
        }
    }

    /**
     * Switches between redis and postgres, timed from the request to the last worker's acknowledgement, after each
     * was visited once. Each mode's lock cost is taken by {@link ModeRuns}, in a lab of that mode alone.
     */
    record Switching(int workers, List<Double> switchMillis) {}

    Switching switching(int workers, int switches) throws Exception {
        ModeSpec spec = ModeSpec.defaults(Mode.REDIS).with(Knobs.TASK_TIME, Duration.ofMillis(50));
        try (Lab lab = new Lab(settings(workers, spec, Duration.ofMillis(500)))) {
            try {
                lab.start(line -> {});
            } catch (StartFailure e) {
                throw new IOException("the lab did not start: " + e.getMessage(), e);
            }
            // The first visit of each mode builds its clients and may wait for its server: not what is measured.
            switchTo(lab, Mode.POSTGRES);
            switchTo(lab, Mode.REDIS);
            List<Double> millis = new ArrayList<>();
            for (int i = 0; i < switches; i++) {
                long t0 = System.nanoTime();
                switchTo(lab, i % 2 == 0 ? Mode.POSTGRES : Mode.REDIS);
                millis.add((System.nanoTime() - t0) / 1e6);
                Thread.sleep(100);
            }
            return new Switching(workers, millis);
        }
    }

    /** Switches into a mode that replaces each worker's scheduler and back out, each direction timed on its own. */
    record Replacing(int workers, Mode mode, List<Double> intoMillis, List<Double> outMillis) {}

    /**
     * From redis into {@code mode} and back, {@code switches} times each, timed from the request to the last
     * acknowledgement: each way replaces every worker's scheduler (the first visit builds the mode's clients and
     * tables, and is not what is measured).
     */
    Replacing replacing(int workers, Mode mode, int switches) throws Exception {
        ModeSpec spec = ModeSpec.defaults(Mode.REDIS).with(Knobs.TASK_TIME, Duration.ofMillis(50));
        try (Lab lab = new Lab(settings(workers, spec, Duration.ofMillis(500)))) {
            try {
                lab.start(line -> {});
            } catch (StartFailure e) {
                throw new IOException("the lab did not start: " + e.getMessage(), e);
            }
            switchTo(lab, mode);
            switchTo(lab, Mode.REDIS);
            List<Double> into = new ArrayList<>();
            List<Double> out = new ArrayList<>();
            for (int i = 0; i < switches; i++) {
                into.add(timed(lab, mode));
                Thread.sleep(200);
                out.add(timed(lab, Mode.REDIS));
                Thread.sleep(200);
            }
            return new Replacing(workers, mode, into, out);
        }
    }

    private static double timed(Lab lab, Mode mode) throws IOException {
        long t0 = System.nanoTime();
        switchTo(lab, mode);
        return (System.nanoTime() - t0) / 1e6;
    }

    private static void switchTo(Lab lab, Mode mode) throws IOException {
        SwitchResult r = lab.control().switchMode(ModeChange.to(mode));
        if (r.status() != SwitchResult.Status.SWITCHED) {
            throw new IOException(r.line());
        }
    }

    /**
     * Many fast ticks with the dashboard open: ticks, duplicates and misses from the table (the run's summary), the
     * launcher's CPU, and the longest the screen went without an update.
     */
    record Stress(
            int workers,
            Duration length,
            long ticks,
            long duplicates,
            long missed,
            double cpuPercent,
            double longestGapMillis,
            double p99GapMillis) {}

    /** What the stress run is, as its row names it. */
    static String stressShape(int workers, Duration length) {
        return "stress: " + workers + " workers, every " + RunShape.STRESS_EVERY.toMillis() + " ms, task 20 ms, "
                + length.toSeconds()
                + " s, redis, per-tick key held past the tick's end, no jitter";
    }

    /**
     * The dashboard under fast ticks, with a lock whose one row per tick does not depend on the machine's load: that
     * is what its duplicates are judged against. A fire may start up to its jitter plus the misfire grace (half a
     * period) into its window; a fixed key held "to the window" is given back a twentieth of a period before the
     * window's end, so with the default jitter (50 ms) at 100 ms a fire late by 40 ms found it free and ran the tick
     * a second time (released-early). Without jitter the latest fire the worker still runs starts half a period into
     * its window, and a per-tick key is kept until half a period after the window: a full period of margin.
     */
    Stress stress(int workers, Duration length) throws Exception {
        VirtualScreen screen = new VirtualScreen(120, 40);
        Path summary = work.resolve("stress-summary.json");
        ModeSpec spec = ModeSpec.defaults(Mode.REDIS)
                .with(Knobs.TASK_TIME, Duration.ofMillis(20))
                .with(Knobs.HOLD_AT_LEAST, Hold.WINDOW)
                .with(Knobs.LOCK_KEY, LockKey.PER_TICK);
        LabSettings settings = settings(workers, spec, RunShape.STRESS_EVERY)
                .with(Knobs.JITTER, Duration.ZERO)
                .writingSummaryTo(summary)
                .runningFor(length);
        Running run = dashboard(settings, screen);
        long ready = awaitReady(run);
        long cpu0 = ProcStats.cpuMillis(self);
        long end = ready + length.toNanos();
        Thread.sleep(Math.max(0, (end - System.nanoTime()) / 1_000_000));
        double cpu = 100.0 * (ProcStats.cpuMillis(self) - cpu0) / ((System.nanoTime() - ready) / 1e6);
        int code = run.code().get(START_LIMIT.toSeconds(), TimeUnit.SECONDS);
        if (!Files.exists(summary)) {
            throw new IOException("the stress run ended with code " + code + " and no summary");
        }
        SummaryFigures figures;
        try {
            figures = SummaryCodec.fromJson(Files.readString(summary)).total();
        } catch (IllegalArgumentException e) {
            throw new IOException(summary + ": " + e.getMessage());
        }
        List<Double> gaps = new ArrayList<>();
        long previous = ready;
        for (long at : screen.flushes()) {
            if (at > ready && at <= end) {
                gaps.add((at - previous) / 1e6);
                previous = at;
            }
        }
        gaps.add((end - previous) / 1e6);
        return new Stress(
                workers,
                length,
                figures.ticks(),
                figures.duplicateTicks(),
                figures.missedTicks(),
                cpu,
                Stats.max(gaps),
                Stats.percentile(gaps, 99));
    }

    /** A dashboard run on the virtual screen, in a thread of its own, and what it will exit with. */
    private record Running(DashboardRun run, CompletableFuture<Integer> code) {}

    private Running dashboard(LabSettings settings, VirtualScreen screen) {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        DashboardRun run = new DashboardRun(settings, screen.dashboard(), quiet, null);
        CompletableFuture<Integer> code = new CompletableFuture<>();
        Thread t = new Thread(
                () -> {
                    try {
                        code.complete(run.run());
                    } catch (RuntimeException | Error e) {
                        code.completeExceptionally(e);
                    }
                },
                "bench-dashboard");
        t.start();
        return new Running(run, code);
    }

    /**
     * When every worker was ready ({@link System#nanoTime}, within 5 ms), asked of the run itself: the screen's own
     * "ready in" line scrolls away under fast ticks before a flush shows it.
     */
    private static long awaitReady(Running r) throws Exception {
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (!r.run().ready()) {
            if (r.code().isDone()) {
                throw new IOException(
                        "the dashboard ended with code " + r.code().get() + " before every worker was ready");
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("no worker got ready in " + START_LIMIT.toSeconds() + " s");
            }
            Thread.sleep(5);
        }
        return System.nanoTime();
    }

    private static void quit(VirtualScreen screen, Running r) throws Exception {
        screen.press('q');
        screen.awaitFlushShowing(s -> s.contains("Quit the lab?"), Duration.ofSeconds(10));
        screen.press('y');
        r.code().get(START_LIMIT.toSeconds(), TimeUnit.SECONDS);
    }

    private LabSettings settings(int workers, ModeSpec spec, Duration every) throws IOException {
        return LabSettings.of(workers, spec, every, Files.createDirectories(work.resolve("runs")));
    }
}
