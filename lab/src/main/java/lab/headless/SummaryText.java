package lab.headless;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import lab.check.Cause;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.Durations;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.ModeSpec;
import lab.session.ModeTotal;
import lab.session.RunSummary;

/** The end-of-run summary as text: the same figures, under the same names, as the summary JSON. */
public final class SummaryText {
    private SummaryText() {}

    public static List<String> lines(RunSummary s) {
        List<String> out = new ArrayList<>();
        out.add("summary - counted from the counter table, complete tick windows of " + Durations.format(s.every())
                + " only; " + s.workers() + " worker" + (s.workers() == 1 ? "" : "s") + ", task time at start "
                + Durations.format(s.taskTime()));
        out.add("  all modes:  " + figures(s.total()));
        for (ModeTotal t : s.byMode()) {
            out.add(String.format("  %-11s %s", t.mode() + ":", figures(t.figures())));
        }
        if (s.segments().size() > 1) {
            out.add("  by segment (each from the first window after every worker took the mode and its knobs):");
            s.segments()
                    .forEach(seg -> out.add(
                            "    " + (seg.mode() + " " + knobs(seg.spec())).trim() + ": " + figures(seg.figures())));
        }
        explanations(s.findings(), out);
        if (!s.switchMillis().isEmpty()) {
            out.add("  mode switches: " + s.switchMillis().size() + ", latency (request sent to the slowest worker's"
                    + " acknowledgement) p50 " + s.switchP50() + " ms, max " + s.switchMax() + " ms");
        }
        out.add("  ready in " + s.readyMillis() + " ms (launch to all " + s.workers() + " workers answering /healthz)");
        s.servers()
                .forEach(sv -> out.add("  server " + sv.name() + " " + sv.state() + " at " + sv.address()
                        + (sv.detail().isEmpty() ? "" : " (" + sv.detail() + ")")
                        + (sv.startMillis() > 0 ? ", started in " + sv.startMillis() + " ms" : "")
                        + (sv.note().isEmpty() ? "" : "; " + sv.note())));
        return out;
    }

    /** Shown one by one up to this many; past it, a count per cause. */
    static final int LISTED = 10;

    /** Why: each duplicate, overlap and missed tick in one sentence, the first ten; then how many of each cause. */
    private static void explanations(List<Finding> findings, List<String> out) {
        if (findings.isEmpty()) {
            return;
        }
        out.add("  why (from the recording):");
        findings.stream().limit(LISTED).forEach(f -> out.add("    " + f.cause() + ": " + f.sentence()));
        if (findings.size() > LISTED) {
            Map<Cause, Long> byCause = new EnumMap<>(Cause.class);
            findings.forEach(f -> byCause.merge(f.cause(), 1L, Long::sum));
            out.add("    ... " + (findings.size() - LISTED) + " more; in all: "
                    + byCause.entrySet().stream()
                            .map(e -> e.getKey() + " ×" + e.getValue())
                            .collect(Collectors.joining(", ")));
        }
    }

    /** The knobs that make one segment of a mode differ from another: those its guard reads ({@link Knob#concerns}). */
    private static String knobs(ModeSpec spec) {
        Map<Knob<?>, String> texts = spec.texts();
        return "("
                + Knobs.live().stream()
                        .filter(k -> k.concerns(spec.mode()))
                        .map(k -> k.name() + " " + texts.get(k))
                        .collect(Collectors.joining(", "))
                + ")";
    }

    static String figures(Figures f) {
        return "ticks " + f.ticks() + ", rows " + f.rows() + ", duplicate ticks " + f.duplicateTicks() + ", extra rows "
                + f.extraRows() + ", missed ticks " + f.missedTicks() + ", overlapping runs " + f.overlaps()
                + ", rows per tick min/median/max " + f.minRowsPerTick() + "/" + f.medianRowsPerTick() + "/"
                + f.maxRowsPerTick()
                + (f.jobRuns().isPresent() ? ", job runs " + f.jobRuns().getAsInt() : "")
                + (f.refusedWrites().isPresent() && f.refusedWrites().getAsInt() > 0
                        ? ", refused writes " + f.refusedWrites().getAsInt()
                        : "");
    }
}
