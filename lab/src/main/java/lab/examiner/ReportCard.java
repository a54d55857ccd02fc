package lab.examiner;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import lab.check.Figures;
import lab.check.Finding;
import lab.nemesis.Recipes;
import lab.protocol.Event;
import lab.protocol.GivenBack;
import lab.scenario.Caption;
import lab.scenario.Judged;
import lab.scenario.ReplayListener;
import lab.scenario.Step;
import lab.scenario.Verdict;
import lab.session.LabControl;

/**
 * The exam's report card: one line per trial (passed or not, the figures the table gave, the cause the explainer found
 * and, for a failure, the lesson to read), then a total. It hears the battery's replay: a trial's mark starts its
 * line, and every expect judged until the next trial's mark belongs to it.
 */
public final class ReportCard implements ReplayListener {
    private final String lock;
    private final Path file;
    private final List<Trial> planned;
    private final List<Line> lines = new CopyOnWriteArrayList<>();
    private volatile Line current;
    /** The lab the battery plays in: a trial's workers whose calls hung are restarted there before the next. */
    private volatile LabControl lab;

    /** {@code lock}: the learner's class; {@code planned}: the trials the battery will play, in order. */
    public ReportCard(String lock, Path file, List<Trial> planned) {
        this.lock = lock;
        this.file = file;
        this.planned = List.copyOf(planned);
    }

    /** One trial as it was judged. */
    private static final class Line {
        final Trial trial;
        final List<Verdict> verdicts = new CopyOnWriteArrayList<>();
        final List<Judged> judged = new CopyOnWriteArrayList<>();
        /** Per span judged, the causes the explainer named there, the most frequent first. */
        final Map<Judged, List<String>> causes = new ConcurrentHashMap<>();
        /** What the learner's lock said of itself in the trial (see {@link #said}), once it said it. */
        volatile String said;
        /** The workers whose calls into the learner's lock did not answer within the bound. */
        final Set<String> hung = new ConcurrentSkipListSet<>();
        /** Those of them restarted before the next trial, as the lab said it. */
        final List<String> restarted = new CopyOnWriteArrayList<>();

        Line(Trial trial) {
            this.trial = trial;
        }

        boolean passed() {
            return !verdicts.isEmpty() && verdicts.stream().allMatch(Verdict::passed);
        }

        /** The span the card's figures come from: the first that failed, else the last judged. */
        Optional<Judged> shown() {
            return judged.stream()
                    .filter(j -> !j.passed())
                    .findFirst()
                    .or(() -> judged.isEmpty() ? Optional.empty() : Optional.of(judged.get(judged.size() - 1)));
        }

        List<String> causes() {
            return shown().map(j -> causes.getOrDefault(j, List.of())).orElse(List.of());
        }

        Optional<String> said() {
            return Optional.ofNullable(said);
        }
    }

    /** The causes of a span's findings, the most frequent first. */
    private static List<String> causes(List<Finding> findings) {
        Map<String, Long> counted = findings.stream()
                .collect(Collectors.groupingBy(f -> f.cause().wireName(), LinkedHashMap::new, Collectors.counting()));
        return counted.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(Map.Entry::getKey)
                .toList();
    }

    /** The recording over the span, read once: the lines stamped by its end, in whatever order they came in. */
    private static List<Event> heard(Judged j) {
        return j.recorded().get().stream().filter(e -> !e.ts().isAfter(j.to())).toList();
    }

    /** The first call of the learner's lock in the span that was cut after its bound, or threw: its own sentence. */
    private static Optional<String> said(List<Event> heard) {
        return heard.stream()
                .filter(e -> e.fact() instanceof GivenBack.Error error
                        && (error.reason() == GivenBack.ErrorReason.LOCK_HUNG
                                || error.reason() == GivenBack.ErrorReason.LOCK_THREW)
                        && e.detail() != null)
                .map(Event::detail)
                .findFirst();
    }

    @Override
    public void attached(LabControl lab) {
        this.lab = lab;
    }

    @Override
    public void step(int index, int total, Step step) {
        if (step instanceof Step.Mark mark) {
            Trial.named(mark.name()).ifPresent(t -> {
                Line before = current;
                if (before != null) {
                    restartHung(before);
                }
                Line line = new Line(t);
                lines.add(line);
                current = line;
            });
        }
    }

    /**
     * A call that hung left its thread behind in its worker, still holding whatever it took: the next trial starts
     * with those workers killed and started afresh, as the holder-killed trial restarts one.
     */
    private void restartHung(Line line) {
        LabControl at = lab;
        if (at == null) {
            return;
        }
        for (String worker : line.hung) {
            // A hung call is undone as a kill is: a fresh JVM under the same id.
            Recipes.revived(worker).end(at.faults()).forEach(r -> line.restarted.add(r.line()));
        }
    }

    /** The workers whose calls hung in the span. */
    private static List<String> hung(List<Event> heard) {
        return heard.stream()
                .filter(e ->
                        e.fact() instanceof GivenBack.Error error && error.reason() == GivenBack.ErrorReason.LOCK_HUNG)
                .map(Event::worker)
                .distinct()
                .toList();
    }

    @Override
    public void caption(Caption text) {}

    @Override
    public void action(String result) {}

    @Override
    public void verdict(Verdict verdict) {
        Line line = current;
        if (line != null) {
            line.verdicts.add(verdict);
        }
    }

    @Override
    public void judged(Judged judged) {
        Line line = current;
        if (line != null) {
            // Read now, while the lab runs: the card is printed once it has stopped.
            line.causes.put(judged, causes(judged.findings().get()));
            List<Event> heard = heard(judged);
            if (line.said == null) {
                line.said = said(heard).orElse(null);
            }
            line.hung.addAll(hung(heard));
            line.judged.add(judged);
        }
    }

    /** Whether every planned trial was played and passed. */
    public boolean allPassed() {
        return lines.size() == planned.size() && lines.stream().allMatch(Line::passed);
    }

    /** The card as printed: a heading, one line per planned trial, the total. */
    public List<String> text() {
        List<String> out = new ArrayList<>();
        out.add("report card: " + lock + " (" + file + ")");
        int width = planned.stream().mapToInt(t -> t.name().length()).max().orElse(10);
        for (Trial t : planned) {
            Optional<Line> played = played(t);
            String name = String.format("%-" + width + "s", t.name());
            if (played.isEmpty()) {
                out.add("  " + name + "  FAIL  not played: the exam ended before it");
                continue;
            }
            Line l = played.get();
            StringBuilder s = new StringBuilder("  " + name + "  " + (l.passed() ? "pass" : "FAIL") + "  ");
            s.append(l.shown().map(j -> figures(j.figures())).orElse("not judged"));
            List<String> causes = l.causes();
            if (!causes.isEmpty()) {
                s.append("; cause ").append(String.join(", ", causes));
            }
            l.said().ifPresent(said -> s.append("; ").append(said));
            if (!l.restarted.isEmpty()) {
                s.append("; its workers restarted: ").append(String.join(", ", l.hung));
            }
            if (!l.passed()) {
                s.append("; read ").append(t.lesson());
            }
            out.add(s.toString());
        }
        long passed = lines.stream().filter(Line::passed).count();
        out.add("passed " + passed + " of " + planned.size() + " trials"
                + (passed == planned.size()
                        ? ""
                        : ": "
                                + planned.stream()
                                        .filter(t ->
                                                played(t).map(l -> !l.passed()).orElse(true))
                                        .map(Trial::name)
                                        .collect(Collectors.joining(", "))
                                + " failed"));
        return out;
    }

    /** The card as JSON ({@code --json FILE}): the lock, each trial's verdict, figures, causes and lesson, the total. */
    public void writeJson(Path to) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lock", lock);
        m.put("file", file.toString());
        List<Map<String, Object>> trials = new ArrayList<>();
        for (Trial t : planned) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("trial", t.name());
            Optional<Line> played = played(t);
            one.put("played", played.isPresent());
            one.put("passed", played.map(Line::passed).orElse(false));
            played.flatMap(Line::shown).ifPresent(j -> {
                one.put("duplicate_ticks", j.figures().duplicateTicks());
                one.put("overlaps", j.figures().overlaps());
                one.put("missed_ticks", j.figures().missedTicks());
            });
            one.put("causes", played.map(Line::causes).orElse(List.of()));
            played.flatMap(Line::said).ifPresent(said -> one.put("said", said));
            played.filter(l -> !l.restarted.isEmpty()).ifPresent(l -> one.put("restarted", l.restarted));
            played.ifPresent(l -> one.put(
                    "failed",
                    l.verdicts.stream()
                            .filter(v -> !v.passed())
                            .map(Verdict::message)
                            .toList()));
            one.put("lesson", t.lesson());
            trials.add(one);
        }
        m.put("trials", trials);
        m.put("passed", lines.stream().filter(Line::passed).count());
        m.put("of", planned.size());
        Files.writeString(to, JSON.std.asString(m) + "\n");
    }

    private Optional<Line> played(Trial t) {
        return lines.stream().filter(l -> l.trial.equals(t)).findFirst();
    }

    private static String figures(Figures f) {
        return "duplicates " + f.duplicateTicks() + ", overlaps " + f.overlaps() + ", missed " + f.missedTicks();
    }
}
