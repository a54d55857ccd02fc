package lab.runs;

import java.io.PrintStream;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.launcher.LabShutdown;
import lab.launcher.StartFailure;
import lab.protocol.Durations;
import lab.scenario.Scenario;

/**
 * A scenario replayed without a terminal UI, for CI and for a learner alone: every step, caption, action and
 * verdict as a line, then the summary and the final verdict. The run goes to the end even when an expectation
 * fails, so that it reports everything at once.
 */
public final class ScenarioRun {
    private final LabSettings settings;
    private final ScenarioDriver driver;
    private final PrintStream out;
    private final PrintStream err;

    public ScenarioRun(LabSettings settings, ScenarioDriver driver, PrintStream out, PrintStream err) {
        this.settings = settings;
        this.driver = driver;
        this.out = out;
        this.err = err;
    }

    public int run() {
        Lab lab = new Lab(settings);
        LabShutdown hook = LabShutdown.install("lab-shutdown", () -> {}, null, lab);
        try {
            out.println("scenario: " + driver.title() + " (" + driver.scenario().source() + ")");
            driver.scenario().lesson().ifPresent(l -> out.println("lesson: " + l));
            out.println("setup: " + Plural.count(settings.workers(), "worker")
                    + (settings.hosts() > 1 ? " on " + settings.hosts() + " hosts" : "") + ", "
                    + settings.spec() + ", every " + Durations.format(settings.every()) + ", store "
                    + settings.store()
                    + (settings.redisPersistence().keepsKeys()
                            ? ", redis-persistence " + settings.redisPersistence()
                            : ""));
            try {
                // The lab's own lines (servers, workers up, a worker's death) but not every lock change: the
                // steps and verdicts are the story here.
                lab.start(out::println);
            } catch (StartFailure e) {
                err.println("error: " + e.getMessage());
                return ExitCode.START_FAILED;
            }
            if (driver.scenario().requires().contains(Scenario.NETNS)
                    && !lab.view().hostsHaveNetworks()) {
                // The machine allowed a namespace when asked, but making the hosts' failed (the lab said why, above):
                // the lesson cannot be shown here, which is a skip, not a failure.
                out.println("skipped: network namespaces (requires: netns): the hosts could not be given theirs here");
                return ExitCode.FINISHED;
            }
            out.println(Plural.workers(settings.workers()) + " ready in " + lab.readyMillis() + " ms");
            driver.play(lab.control(), out::println);
            if (!Summaries.finishOrExplain(lab, lab.view().clock().instant(), settings, out, err)) {
                return ExitCode.START_FAILED;
            }
            return driver.exitCode(out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return driver.exitCode(out);
        } finally {
            lab.close();
            hook.remove();
        }
    }
}
