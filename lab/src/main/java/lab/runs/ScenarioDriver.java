package lab.runs;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import lab.protocol.Lang;
import lab.scenario.Caption;
import lab.scenario.Judged;
import lab.scenario.ReplayListener;
import lab.scenario.Replayer;
import lab.scenario.Scenario;
import lab.scenario.Step;
import lab.scenario.Verdict;
import lab.session.LabControl;
import lab.session.ReadingPace;
import lab.session.ScenarioView;
import lab.session.Vote;

/**
 * A scenario replaying in a running lab: it plays the steps, keeps what the caption bar shows, and turns the
 * verdicts into the exit code (0 every expectation held, 1 one failed).
 */
public final class ScenarioDriver {
    private final Scenario scenario;
    private final double speed;
    /** The verdict lines in the driver's language, as the caption bar and the log show them. */
    private final List<String> verdicts = new CopyOnWriteArrayList<>();

    private final AtomicInteger failed = new AtomicInteger();
    private volatile Replayer replayer;
    /** Every caption said so far, with when: the caption bar keeps each on screen for its reading time. */
    private final List<Said> said = new CopyOnWriteArrayList<>();

    private volatile ReadingPace pace = ReadingPace.DEFAULT;
    /** The lab's clock once the replay starts: captions are timed on the clock the replay's steps are. */
    private volatile Clock clock = Clock.systemUTC();
    /** The line beside the last caption once the replay is over; null until then. */
    private volatile String ending;

    private volatile int step;
    private volatile int line;
    private volatile boolean finished;
    private volatile boolean allHeld = true;

    private final boolean failFast;
    private volatile Lang lang;
    /** A variant judged on the same run ({@code --also-judge}), or null; its verdicts, as printed. */
    private volatile Scenario variant;

    private final List<Verdict> alsoVerdicts = new CopyOnWriteArrayList<>();
    /** The question for the room, its vote and the line that follows them. */
    private final Prediction prediction = new Prediction();
    /** Who else hears the replay (the exam's report card), after the driver itself. */
    private final List<ReplayListener> observers = new CopyOnWriteArrayList<>();

    /** Where the replay's lines go, once it plays: a vote is logged beside them. */
    private volatile Consumer<String> log = line -> {};

    public ScenarioDriver(Scenario scenario, double speed) {
        this(scenario, speed, false, Lang.EN);
    }

    /** {@code lang}: the captions' and verdicts' language on screen and in the log (the final line stays English). */
    public ScenarioDriver(Scenario scenario, double speed, boolean failFast, Lang lang) {
        this.scenario = scenario;
        this.speed = speed;
        this.failFast = failFast;
        this.lang = lang;
    }

    public Scenario scenario() {
        return scenario;
    }

    /** {@code observer} hears every step, caption, action, verdict and judged expect too, after the driver. */
    public void observe(ReplayListener observer) {
        observers.add(observer);
    }

    /** Judges {@code variant}'s expectations too, on the same run (see {@link Replayer#variantOf}). */
    public void alsoJudge(Scenario variant) {
        this.variant = variant;
    }

    /**
     * How fast the room reads ({@code --reading-pace}, checked above 0): how long each caption stays on the
     * dashboard.
     */
    public void readAt(double pace) {
        this.pace = new ReadingPace(pace);
    }

    /** The title in the driver's language. */
    String title() {
        return scenario.title().in(lang);
    }

    /** The language the run kind settles on, once it is known (see {@link Runs#start}). */
    void speak(Lang lang) {
        this.lang = lang;
    }

    boolean locksKeys() {
        return scenario.setup().lockKeys();
    }

    /** Plays every step (blocking); {@code say} hears each step, caption, action and verdict as a line. */
    void play(LabControl lab, Consumer<String> say) throws InterruptedException {
        int total = scenario.steps().size();
        clock = lab.clock();
        log = say;
        replayer = new Replayer(
                scenario,
                lab,
                speed,
                new ReplayListener() {
                    @Override
                    public void attached(LabControl control) {
                        observers.forEach(o -> o.attached(control));
                    }

                    @Override
                    public void step(int index, int steps, Step s) {
                        step = index;
                        line = s.line();
                        say.accept("step " + index + "/" + steps + " (line " + s.line() + "): " + s.describe());
                        observers.forEach(o -> o.step(index, steps, s));
                    }

                    @Override
                    public void caption(Caption text) {
                        said.add(new Said(text, clock.instant()));
                        // The recording keeps the file's English, as it keeps every other line in English.
                        lab.recordCaption(step, line, text.en());
                        say.accept("  » " + text.in(lang));
                        observers.forEach(o -> o.caption(text));
                    }

                    @Override
                    public void predict(Step.Predict question) {
                        prediction.ask(question, lang);
                        lab.recordCaption(step, line, "? " + question.question().en());
                        Prediction.lines(question, lang).forEach(l -> say.accept("  " + l));
                    }

                    @Override
                    public void reveal(Step.Predict question, List<Verdict> judged) {
                        say.accept("  " + prediction.reveal(question, judged, lang));
                    }

                    @Override
                    public void action(String result) {
                        say.accept("  " + result);
                        observers.forEach(o -> o.action(result));
                    }

                    @Override
                    public void verdict(Verdict v) {
                        String said = v.line(lang);
                        if (!v.passed()) {
                            failed.incrementAndGet();
                        }
                        verdicts.add(said);
                        lab.recordVerdict(step, line, v.passed(), v.message());
                        say.accept("  " + said);
                        observers.forEach(o -> o.verdict(v));
                    }

                    @Override
                    public void judged(Judged judged) {
                        observers.forEach(o -> o.judged(judged));
                    }

                    @Override
                    public void alsoVerdict(Verdict v) {
                        alsoVerdicts.add(v);
                        say.accept("  also: " + v.line(Lang.EN));
                    }
                },
                failFast,
                variant);
        allHeld = replayer.run();
        step = total;
        finished = true;
        // Beside the last caption, not instead of it: the room may still be reading it.
        ending = allHeld
                ? lang.pick("Scenario complete: every expectation held.", "场景结束：每一项期望都成立。")
                : lang.pick("Scenario complete: an expectation failed.", "场景结束：有一项期望没有成立。");
    }

    void togglePause() {
        Replayer r = replayer;
        if (r != null) {
            r.togglePause();
        }
    }

    /** The room's answer to the question on screen, pressed by the trainer (UI thread). */
    void vote(Vote v) {
        String said = prediction.vote(v, lang);
        if (said != null) {
            log.accept("  " + said);
        }
    }

    void stepOnce() {
        Replayer r = replayer;
        if (r != null) {
            r.stepOnce();
        }
    }

    /**
     * What the caption bar shows now: the newest caption, and above it each earlier one whose reading time (from
     * when it was said, and so first drawn) has not run out. Reading never holds the replay back; the screen keeps
     * the captions instead.
     */
    ScenarioView view() {
        Replayer r = replayer;
        List<Said> all = List.copyOf(said);
        Instant now = clock.instant();
        List<String> earlier = new ArrayList<>();
        for (Said s : all.subList(0, Math.max(0, all.size() - 1))) {
            String text = s.caption().in(lang);
            if (s.at().plus(pace.of(text)).isAfter(now)) {
                earlier.add(text);
            }
        }
        String caption = all.isEmpty() ? "" : all.get(all.size() - 1).caption().in(lang);
        return new ScenarioView(
                title(),
                earlier,
                caption,
                ending,
                Math.max(step, 1),
                scenario.steps().size(),
                verdicts,
                r != null && r.paused(),
                prediction.question(lang),
                prediction.line());
    }

    /** A caption and the instant it was said, on the lab's clock. */
    private record Said(Caption caption, Instant at) {}

    /** Prints the final verdict and returns the exit code; a replay cut short is a failure. */
    int exitCode(PrintStream out) {
        int failed = this.failed.get();
        if (!finished) {
            out.println("verdict: FAIL - the scenario stopped at step " + step + " of "
                    + scenario.steps().size());
            return 1;
        }
        Scenario also = variant;
        if (also != null) {
            long held = alsoVerdicts.stream().filter(Verdict::passed).count();
            // The variant's verdict, apart: it never changes the exit code, which is the scenario's own.
            out.println("also-verdict: " + (held == alsoVerdicts.size() ? "PASS" : "FAIL") + " - " + held + " of "
                    + alsoVerdicts.size() + " expectations held (" + also.source() + ")");
        }
        out.println("verdict: " + (allHeld ? "PASS" : "FAIL") + " - " + (verdicts.size() - failed) + " of "
                + verdicts.size() + " expectations held (" + scenario.source() + ")");
        return allHeld ? 0 : 1;
    }
}
