package lab.runs;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.ZoneId;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import lab.headless.EventLine;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.launcher.LabShutdown;
import lab.launcher.StartFailure;
import lab.session.LiveModel;
import lab.tui.Dashboard;

/**
 * The lab with its dashboard: the UI thread draws and reads keys; one publisher thread follows the counter table
 * and publishes a fresh snapshot every 100 ms; one action thread carries out the keys, so that a slow switch never
 * freezes the screen. The terminal is put back however the run ends.
 */
public final class DashboardRun {
    private final LabSettings settings;
    private final Dashboard dashboard;
    private final PrintStream out;
    private final ScenarioDriver scenario;
    private final Lab lab;
    private final LiveModel model;
    private final SnapshotPublisher publisher;
    private final KeyActions keys;
    private final ExecutorService actions = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "lab-actions");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean stop = new AtomicBoolean();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final AtomicReference<String> selected = new AtomicReference<>();
    private volatile String startFailure;
    private Thread starter;

    public DashboardRun(LabSettings settings, Dashboard dashboard, PrintStream out, ScenarioDriver scenario) {
        this.settings = settings;
        this.dashboard = dashboard;
        this.out = out;
        this.scenario = scenario;
        this.lab = new Lab(settings);
        this.model = new LiveModel(settings.every());
        this.publisher = new SnapshotPublisher(lab.view(), model, selected, scenario);
        this.keys = new KeyActions(lab.control(), lab.view(), model, publisher, scenario, actions, stop, selected);
    }

    /** Whether every worker answered {@code /healthz} with its trigger armed: the time origin of the run. */
    public boolean ready() {
        return lab.view().readyAt() != null;
    }

    public int run() {
        // Anything printed on stderr would tear the screen: while the dashboard is open it goes to a log file.
        PrintStream stderr = System.err;
        try {
            Files.createDirectories(lab.runDir());
            System.setErr(new PrintStream(
                    new FileOutputStream(lab.runDir().resolve("launcher.log").toFile()), true, StandardCharsets.UTF_8));
        } catch (IOException e) {
            stderr.println("warning: cannot open the launcher log: " + e.getMessage());
        }
        try {
            return runWithDashboard();
        } finally {
            System.setErr(stderr);
        }
    }

    private int runWithDashboard() {
        ZoneId zone = ZoneId.systemDefault();
        lab.onEvent(e -> model.onEvent(e, EventLine.format(e, zone)));
        // SIGTERM or SIGHUP (run.sh hands them on): the run ends as after q, y — summary, tables and all — and the
        // hook closes the screen and the lab itself only if that takes too long, or the UI thread is stuck.
        LabShutdown hook = LabShutdown.install("lab-shutdown", () -> stop.set(true), finished, dashboard::close, lab);
        starter = new Thread(this::startLab, "lab-start");
        starter.setDaemon(true);
        starter.start();
        publisher.start();
        String failure = null;
        try {
            dashboard.run(publisher::latest, keys::onCommand, stop::get);
        } catch (Exception e) {
            failure = "the dashboard failed: " + e;
            e.printStackTrace(); // into launcher.log while the screen was up: where a bug report starts
        } finally {
            dashboard.close();
            publisher.close();
            stopBackgroundWork();
        }
        int code;
        try {
            code = finish(failure);
        } finally {
            finished.countDown();
        }
        hook.remove();
        return code;
    }

    /**
     * Before the lab is summarised and closed: the scenario (or the start) stops at its next step, and the key in
     * progress finishes, so that nothing switches, forks or restarts in a lab that is being taken down.
     */
    private void stopBackgroundWork() {
        starter.interrupt();
        actions.shutdownNow();
        try {
            starter.join(10_000);
            actions.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void startLab() {
        try {
            lab.start(model::onLabLine);
            model.onLabLine(Plural.workers(settings.workers()) + " ready in " + lab.readyMillis() + " ms");
            if (scenario != null) {
                scenario.play(lab.control(), model::onLabLine);
            }
            if (settings.duration() != null) {
                Thread.sleep(Math.max(
                        0,
                        Duration.between(
                                        lab.view().clock().instant(),
                                        lab.view().readyAt().plus(settings.duration()))
                                .toMillis()));
                stop.set(true);
            }
        } catch (StartFailure e) {
            startFailure = e.getMessage();
            publisher.flash("error: " + e.getMessage().lines().findFirst().orElse("") + " - press q, y to leave");
            // Which worker or server, and why: its last stderr lines, one event line each, where the room sees them.
            e.getMessage().lines().forEach(line -> model.onLabLine("error: " + line.strip()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * After the terminal is back: the summary, as the headless run prints and writes it. The exit code is the
     * scenario's verdict, or 3 when the lab could not start or the dashboard broke down.
     */
    private int finish(String failure) {
        try {
            if (lab.view().readyAt() != null) {
                Summaries.finish(lab, lab.view().clock().instant(), settings.summaryJson(), out);
            }
        } catch (Exception e) {
            out.println("no summary: " + e.getMessage());
        } finally {
            lab.close();
        }
        if (startFailure != null || failure != null) {
            out.println("error: " + (startFailure != null ? startFailure : failure));
            return ExitCode.START_FAILED;
        }
        return scenario == null ? 0 : scenario.exitCode(out);
    }
}
