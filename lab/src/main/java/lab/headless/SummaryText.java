package lab.headless;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.check.Figures;
import lab.protocol.Durations;
import lab.session.RunSummary;

/** The end-of-run summary as text: the same figures, under the same names, as the summary JSON. */
public final class SummaryText {
    private SummaryText() {}

    public static List<String> lines(RunSummary s) {
        List<String> out = new ArrayList<>();
        out.add("summary - counted from the counter table, complete tick windows of " + Durations.format(s.every())
                + " only; " + s.workers() + " worker" + (s.workers() == 1 ? "" : "s") + ", task time "
                + Durations.format(s.taskTime()));
        out.add("  all modes:  " + figures(s.total()));
        for (Map.Entry<String, Figures> e : s.byMode().entrySet()) {
            out.add(String.format("  %-11s %s", e.getKey() + ":", figures(e.getValue())));
        }
        out.add("  ready in " + s.readyMillis() + " ms (launch to all " + s.workers() + " workers answering /healthz)");
        s.servers().forEach(sv -> out.add("  server " + sv.name() + " " + sv.state() + " at " + sv.address()
                + (sv.startMillis() > 0 ? ", started in " + sv.startMillis() + " ms" : "")));
        return out;
    }

    static String figures(Figures f) {
        return "ticks " + f.ticks() + ", rows " + f.rows() + ", duplicate ticks " + f.duplicateTicks() + ", extra rows "
                + f.extraRows() + ", missed ticks " + f.missedTicks() + ", overlapping runs " + f.overlaps()
                + ", rows per tick min/median/max " + f.minRowsPerTick() + "/" + f.medianRowsPerTick() + "/"
                + f.maxRowsPerTick();
    }
}
