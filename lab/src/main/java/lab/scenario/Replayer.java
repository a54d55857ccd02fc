package lab.scenario;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import lab.check.Figures;
import lab.check.Finding;
import lab.session.LabControl;

/**
 * Plays a scenario's steps against a running lab, in order. Every expectation is judged and reported; a failed
 * one does not stop the replay, so that a run reports everything that is wrong at once — unless the replay was
 * asked to stop at the first failure ({@code --fail-fast}: a test that only needs to see one fail). The trainer may
 * pause the script between steps and step on by hand.
 */
public final class Replayer {
    private final Scenario scenario;
    private final LabControl lab;
    private final double speed;
    private final ReplayListener listener;
    private final boolean failFast;
    /** Expectations judged too, on this same run, at the same steps: a variant's (null: none). */
    private final Scenario variant;

    private final Map<String, Instant> marks = new HashMap<>();
    /** The question asked and not yet answered by an expect: the next one judged reveals it. */
    private Step.Predict asked;

    private final List<Verdict> verdicts = new ArrayList<>();
    private final Object gate = new Object();
    private boolean paused;
    private int stepsAllowed;

    public Replayer(Scenario scenario, LabControl lab, double speed, ReplayListener listener) {
        this(scenario, lab, speed, listener, false);
    }

    public Replayer(Scenario scenario, LabControl lab, double speed, ReplayListener listener, boolean failFast) {
        this(scenario, lab, speed, listener, failFast, null);
    }

    /**
     * @param variant a scenario with the same steps and other expectations (see {@link #variantOf}), whose
     *                expectations are judged on this run too and told to {@link ReplayListener#alsoVerdict}; or null
     */
    public Replayer(
            Scenario scenario,
            LabControl lab,
            double speed,
            ReplayListener listener,
            boolean failFast,
            Scenario variant) {
        this.variant = variant;
        if (!(speed > 0)) {
            throw new IllegalArgumentException("speed: expected a number above 0, not " + speed);
        }
        this.scenario = scenario;
        this.lab = lab;
        this.speed = speed;
        this.listener = listener;
        this.failFast = failFast;
    }

    /** Runs every step; true when every expectation held. */
    public boolean run() throws InterruptedException {
        listener.attached(lab);
        List<Step> steps = scenario.steps();
        for (int i = 0; i < steps.size(); i++) {
            awaitGate();
            Step step = steps.get(i);
            listener.step(i + 1, steps.size(), step);
            play(step, i);
            if (failFast && !verdicts.stream().allMatch(Verdict::passed)) {
                listener.action("stopped at the first failed expectation (--fail-fast): " + (steps.size() - i - 1)
                        + " steps not played");
                break;
            }
        }
        return verdicts.stream().allMatch(Verdict::passed);
    }

    /** Stops before the next step (space in the dashboard), or goes on. */
    public void togglePause() {
        synchronized (gate) {
            paused = !paused;
            gate.notifyAll();
        }
    }

    /** While paused, lets exactly one more step run ({@code n} in the dashboard). */
    public void stepOnce() {
        synchronized (gate) {
            stepsAllowed++;
            gate.notifyAll();
        }
    }

    public boolean paused() {
        synchronized (gate) {
            return paused;
        }
    }

    private void awaitGate() throws InterruptedException {
        synchronized (gate) {
            while (paused && stepsAllowed == 0) {
                gate.wait();
            }
            if (paused) {
                stepsAllowed--;
            }
        }
    }

    /**
     * Why {@code variant} cannot be judged on a run of {@code scenario}, or empty when it can: the same setup and the
     * same steps, in the same order, but for what the expect steps expect.
     */
    public static Optional<String> variantOf(Scenario scenario, Scenario variant) {
        if (!scenario.setup().equals(variant.setup())) {
            return Optional.of("its setup differs from the scenario's");
        }
        List<Step> a = scenario.steps();
        List<Step> b = variant.steps();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            if (i >= a.size() || i >= b.size()) {
                return Optional.of("it has " + b.size() + " steps, the scenario " + a.size());
            }
            boolean same = a.get(i) instanceof Step.Expect
                    ? b.get(i) instanceof Step.Expect
                    : a.get(i).describe().equals(b.get(i).describe());
            if (!same) {
                return Optional.of("its step " + (i + 1) + " (line "
                        + b.get(i).line() + ", " + b.get(i).describe() + ") differs from the scenario's ("
                        + a.get(i).describe() + ")");
            }
        }
        return Optional.empty();
    }

    private void play(Step step, int index) throws InterruptedException {
        if (step instanceof Step.Say say) {
            // A caption takes no time, so that the timeline is the same live and headless: the dashboard keeps it on
            // screen for its reading time instead of holding the replay.
            listener.caption(say.text());
        } else if (step instanceof Step.Predict predict) {
            // Like a caption: no time taken, so the room's vote never moves a fault or a verdict.
            asked = predict;
            listener.predict(predict);
        } else if (step instanceof Step.Wait wait) {
            lab.sleep(Duration.ofMillis((long) (wait.duration().toMillis() / speed)));
        } else if (step instanceof Step.Mark mark) {
            marks.put(mark.name(), lab.clock().instant());
        } else if (step instanceof Step.ChangeMode mode) {
            listener.action(lab.switchMode(mode.change()).line());
        } else if (step instanceof Step.Fault fault) {
            // Through the lab's fault room, aimed at ticks from this step on (Nemesis.injectFrom): a mark just before
            // the fault would otherwise leave the tick it hurt outside the span the lesson judges. A scenario writes
            // a fault and its undo as two steps, with its own waits between, so it plays no recipe.
            listener.action(lab.faults()
                    .injectFrom(lab.clock().instant(), fault.fault())
                    .line());
        } else if (step instanceof Step.Expect expect) {
            List<Verdict> judged = judge(
                    expect,
                    variant == null ? null : (Step.Expect) variant.steps().get(index));
            if (asked != null) {
                listener.reveal(asked, judged);
                asked = null;
            }
        }
    }

    /** Judges the windows that ended by now, after letting their last runs write their rows; returns the verdicts. */
    private List<Verdict> judge(Step.Expect expect, Step.Expect also) throws InterruptedException {
        Instant to = lab.clock().instant();
        Instant from =
                switch (expect.since().kind()) {
                    case START -> lab.readyAt();
                    case MODE -> lab.modeSince();
                    case MARK -> marks.get(expect.since().mark());
                };
        if (from == null) {
            boolean mode = expect.since().kind() == Since.Kind.MODE;
            Verdict v = Verdict.of(
                    false,
                    "since " + expect.since() + ": nothing to judge - "
                            + (mode
                                    ? "the last switch was not acknowledged by every worker"
                                    : "no such mark was passed"),
                    "since " + expect.since() + "：没有可判断的——" + (mode ? "上一次切换没有得到每个 worker 的确认" : "还没经过这个标记"));
            verdicts.add(v);
            listener.verdict(v);
            if (also != null) {
                listener.alsoVerdict(v);
            }
            return List.of(v);
        }
        Duration settle = lab.settle();
        lab.sleep(settle);
        Figures figures;
        try {
            figures = lab.figures(from, to);
        } catch (Exception e) {
            Verdict v = Verdict.fail("cannot read the counter table: " + e.getMessage());
            verdicts.add(v);
            listener.verdict(v);
            if (also != null) {
                listener.alsoVerdict(v);
            }
            return List.of(v);
        }
        List<Verdict> own = judged(expect, figures, from, to);
        for (Verdict v : own) {
            verdicts.add(v);
            listener.verdict(v);
        }
        listener.judged(
                new Judged(expect, from, to, figures, own, once(() -> explained(from, to)), () -> lab.recorded(from)));
        if (also != null) {
            // The same figures and the same span: what a variant expects of this very run.
            judged(also, figures, from, to).forEach(listener::alsoVerdict);
        }
        return own;
    }

    /** The span's findings, or none when it cannot be explained (its verdicts already said why). */
    private List<Finding> explained(Instant from, Instant to) {
        try {
            return lab.explain(from, to);
        } catch (Exception e) {
            return List.of();
        }
    }

    private static <T> Supplier<T> once(Supplier<T> read) {
        return new Supplier<>() {
            private T kept;

            @Override
            public synchronized T get() {
                if (kept == null) {
                    kept = read.get();
                }
                return kept;
            }
        };
    }

    private List<Verdict> judged(Step.Expect expect, Figures figures, Instant from, Instant to) {
        List<Verdict> judged = new ArrayList<>(expect.judge(figures));
        if (expect.cause() != null) {
            try {
                judged.add(expect.cause().judge(lab.explain(from, to)));
            } catch (Exception e) {
                judged.add(Verdict.fail("cannot explain the span: " + e.getMessage()));
            }
        }
        return judged;
    }
}
