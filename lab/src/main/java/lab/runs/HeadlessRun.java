package lab.runs;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.headless.EventLine;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.launcher.LabShutdown;
import lab.launcher.StartFailure;
import lab.protocol.Durations;
import lab.protocol.Knobs;
import lab.protocol.ModeChange;

/**
 * A run without a terminal UI: every event as one line, the summary at the end. Ctrl-C ends the run early
 * and still prints the summary of the windows that completed.
 */
public final class HeadlessRun {
    private final LabSettings settings;
    private final PrintStream out;
    private final PrintStream err;
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);

    public HeadlessRun(LabSettings settings, PrintStream out, PrintStream err) {
        this.settings = settings;
        this.out = out;
        this.err = err;
    }

    public int run() {
        ZoneId zone = ZoneId.systemDefault();
        Lab lab = new Lab(settings);
        LabShutdown hook = LabShutdown.install("lab-shutdown", stopRequested::countDown, finished, lab);
        try {
            out.println("Scheduler Lock Lab - " + Plural.count(settings.workers(), "worker")
                    + (settings.hosts() > 1 ? " on " + settings.hosts() + " hosts" : "") + ", mode "
                    + settings.spec().mode()
                    + ", every " + Durations.format(settings.every()) + ", task time "
                    + Durations.format(settings.spec().get(Knobs.TASK_TIME)) + ", store " + settings.store());
            lab.onEvent(e -> out.println(EventLine.format(e, zone)));
            lab.onLockChange(out::println);
            try {
                lab.start(out::println);
            } catch (StartFailure e) {
                err.println("error: " + e.getMessage());
                return ExitCode.START_FAILED;
            }
            Instant readyAt = lab.view().readyAt();
            out.println(Plural.workers(settings.workers()) + " ready in " + lab.readyMillis() + " ms (pids "
                    + lab.view().pids() + "); counting complete ticks from " + EventLine.tick(readyAt, zone)
                    + " for "
                    + Durations.format(settings.duration()));
            Instant stopAt = readyAt.plus(settings.duration());
            boolean stopped = false;
            for (LabSettings.Switch sw : settings.switches()) {
                if (stopped = sleepUntil(lab, readyAt.plus(sw.at()))) {
                    break;
                }
                out.println(lab.control().switchMode(ModeChange.to(sw.mode())).line());
            }
            if (stopped || sleepUntil(lab, stopAt)) {
                stopAt = lab.view().clock().instant();
                out.println("stop requested: counting the windows complete so far");
            }
            if (!Summaries.finishOrExplain(lab, stopAt, settings, out, err)) {
                return ExitCode.START_FAILED;
            }
            out.println("events recorded in " + lab.runDir().resolve("events.jsonl"));
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: the launcher was interrupted before the summary");
            return ExitCode.START_FAILED;
        } finally {
            lab.close();
            finished.countDown();
            hook.remove();
        }
    }

    /** Sleeps until {@code at}; true when a stop was requested meanwhile. */
    private boolean sleepUntil(Lab lab, Instant at) throws InterruptedException {
        long ms = Duration.between(lab.view().clock().instant(), at).toMillis();
        return ms > 0 ? stopRequested.await(ms, TimeUnit.MILLISECONDS) : stopRequested.getCount() == 0;
    }
}
