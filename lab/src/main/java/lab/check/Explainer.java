package lab.check;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import lab.protocol.Event;
import lab.store.CounterRow;

/**
 * Says why, from the recording, for everything {@link Checker#figures} counts over the same span: one finding per
 * duplicate tick, per overlapping pair and per missed tick, each with the most specific cause the recording
 * proves, or {@link Cause#UNEXPLAINED} — never a guess.
 */
public final class Explainer {
    private Explainer() {}

    public static Explanations explain(
            List<CounterRow> rows, List<Event> recording, Instant from, Instant to, Duration period) {
        // The offsets the lab set on its own workers' clocks, from the same recording.
        return explain(rows, recording, from, to, period, Clocks.ONE.withSkews(LabSkews.of(recording)));
    }

    /** The same, explaining only the overlaps the checker judged: those between clocks that agree. */
    public static Explanations explain(
            List<CounterRow> rows, List<Event> recording, Instant from, Instant to, Duration period, Clocks clocks) {
        List<Instant> windows = Checker.completeWindows(from, to, period);
        List<CounterRow> inSpan = Checker.inSpan(clocks.corrected(rows), windows, period);
        Map<Instant, List<CounterRow>> perWindow = Checker.byWindow(inSpan, period);
        RecordingIndex history = new RecordingIndex(clocks.skews().correctedEvents(recording));
        List<Finding> findings = new ArrayList<>();
        for (Instant tick : windows) {
            List<CounterRow> ran = perWindow.getOrDefault(tick, List.of());
            if (ran.isEmpty()) {
                RuleVerdict v = MissedRules.judge(tick, period, history, new Said(tick));
                String at = Said.tick(tick);
                findings.add(finding(
                        Finding.Kind.MISSED,
                        tick,
                        v,
                        new Evidence("tick " + at + " missed: ", "tick " + at + " 漏跑了：")));
            } else if (ran.size() > 1) {
                findings.add(duplicate(tick, ran, history));
            }
        }
        for (JobRunPair pair : Checker.overlappingPairs(inSpan, clocks)) {
            findings.add(overlap(pair, history));
        }
        findings.sort(Comparator.comparing(Finding::tick).thenComparing(Finding::kind));
        return new Explanations(findings);
    }

    /**
     * Each later run against the last run before it that took the lock (the run just before when none did): the
     * tick's cause is the most specific any of these pairs proves.
     */
    private static Finding duplicate(Instant tick, List<CounterRow> ran, RecordingIndex history) {
        List<JobRun> runs = ran.stream()
                .sorted(Comparator.comparing(CounterRow::startedAt))
                .map(history::run)
                .toList();
        RuleVerdict best = null;
        for (int i = 1; i < runs.size(); i++) {
            JobRun a = runs.get(i - 1);
            for (int j = i - 1; j >= 0; j--) {
                if (runs.get(j).acquired() != null) {
                    a = runs.get(j);
                    break;
                }
            }
            RuleVerdict v = TwiceRules.judge(a, runs.get(i), history, new Said(tick));
            if (best == null || v.cause().compareTo(best.cause()) < 0) {
                best = v;
            }
        }
        // Past two, say who ran it: the evidence that follows names the pair that proves the cause.
        List<String> who = runs.stream().map(JobRun::who).toList();
        String at = Said.tick(tick);
        Evidence head = runs.size() == 2
                ? new Evidence("tick " + at + " ran twice: ", "tick " + at + " 跑了两次：")
                : new Evidence(
                        "tick " + at + " ran " + runs.size() + " times (" + String.join(", ", who) + "): ",
                        "tick " + at + " 跑了 " + runs.size() + " 次（" + String.join("、", who) + "）：");
        return finding(Finding.Kind.DUPLICATE, tick, best, head);
    }

    private static Finding overlap(JobRunPair pair, RecordingIndex history) {
        JobRun a = history.run(pair.first());
        JobRun b = history.run(pair.second());
        Instant tick = pair.second().tickAt();
        Said said = new Said(tick);
        // Each time formatted once, in the order the English says them: the Chinese shows the same strings.
        String aSpan = span(a, said);
        String bSpan = span(b, said);
        Evidence head = new Evidence(
                "overlap: " + a.who() + " (" + aSpan + ") and " + b.who() + " (" + bSpan + "): ",
                "重叠：" + a.who() + "（" + aSpan + "）和 " + b.who() + "（" + bSpan + "）：");
        return finding(Finding.Kind.OVERLAP, tick, TwiceRules.judge(a, b, history, said), head);
    }

    private static String span(JobRun r, Said said) {
        return said.at(r.row().startedAt()) + "–" + said.at(r.row().createdAt());
    }

    private static Finding finding(Finding.Kind kind, Instant tick, RuleVerdict v, Evidence head) {
        return new Finding(
                kind,
                tick,
                v.cause(),
                head.en() + v.evidence().en(),
                head.zh() + v.evidence().zh());
    }
}
