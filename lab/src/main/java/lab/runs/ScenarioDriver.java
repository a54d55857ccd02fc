package lab.runs;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import lab.scenario.ReplayListener;
import lab.scenario.Replayer;
import lab.scenario.Scenario;
import lab.scenario.Step;
import lab.scenario.Verdict;
import lab.session.LabControl;
import lab.session.ScenarioView;

/**
 * A scenario replaying in a running lab: it plays the steps, keeps what the caption bar shows, and turns the
 * verdicts into the exit code (0 every expectation held, 1 one failed).
 */
public final class ScenarioDriver {
    private final Scenario scenario;
    private final double speed;
    private final List<String> verdicts = new CopyOnWriteArrayList<>();
    private volatile Replayer replayer;
    private volatile String caption = "";
    private volatile int step;
    private volatile int line;
    private volatile boolean finished;
    private volatile boolean allHeld = true;

    private final boolean failFast;

    public ScenarioDriver(Scenario scenario, double speed) {
        this(scenario, speed, false);
    }

    public ScenarioDriver(Scenario scenario, double speed, boolean failFast) {
        this.scenario = scenario;
        this.speed = speed;
        this.failFast = failFast;
    }

    public Scenario scenario() {
        return scenario;
    }

    boolean locksKeys() {
        return scenario.setup().lockKeys();
    }

    /** Plays every step (blocking); {@code say} hears each step, caption, action and verdict as a line. */
    void play(LabControl lab, Consumer<String> say) throws InterruptedException {
        int total = scenario.steps().size();
        replayer = new Replayer(
                scenario,
                lab,
                speed,
                new ReplayListener() {
                    @Override
                    public void step(int index, int steps, Step s) {
                        step = index;
                        line = s.line();
                        say.accept("step " + index + "/" + steps + " (line " + s.line() + "): " + s.describe());
                    }

                    @Override
                    public void caption(String text) {
                        caption = text;
                        lab.recordCaption(step, line, text);
                        say.accept("  » " + text);
                    }

                    @Override
                    public void action(String result) {
                        say.accept("  " + result);
                    }

                    @Override
                    public void verdict(Verdict v) {
                        String said = (v.passed() ? "PASS " : "FAIL ") + v.message();
                        verdicts.add(said);
                        lab.recordVerdict(step, line, v.passed(), v.message());
                        say.accept("  " + said);
                    }
                },
                failFast);
        allHeld = replayer.run();
        step = total;
        finished = true;
        caption = allHeld ? "Scenario complete: every expectation held." : "Scenario complete: an expectation failed.";
    }

    void togglePause() {
        Replayer r = replayer;
        if (r != null) {
            r.togglePause();
        }
    }

    void stepOnce() {
        Replayer r = replayer;
        if (r != null) {
            r.stepOnce();
        }
    }

    ScenarioView view() {
        Replayer r = replayer;
        return new ScenarioView(
                scenario.title(),
                caption,
                Math.max(step, 1),
                scenario.steps().size(),
                verdicts,
                r != null && r.paused());
    }

    /** Prints the final verdict and returns the exit code; a replay cut short is a failure. */
    int exitCode(PrintStream out) {
        long failed = verdicts.stream().filter(v -> v.startsWith("FAIL")).count();
        if (!finished) {
            out.println("verdict: FAIL - the scenario stopped at step " + step + " of "
                    + scenario.steps().size());
            return 1;
        }
        out.println("verdict: " + (allHeld ? "PASS" : "FAIL") + " - " + (verdicts.size() - failed) + " of "
                + verdicts.size() + " expectations held (" + scenario.source() + ")");
        return allHeld ? 0 : 1;
    }
}
