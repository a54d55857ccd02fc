package lab.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import lab.check.Cause;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.ModeSpec;
import lab.protocol.summary.SummaryFigures;
import lab.protocol.summary.SummaryFile;
import lab.protocol.summary.SummarySegment;
import lab.protocol.summary.SummaryServer;

/**
 * What a run leaves behind: the checker's figures over every complete tick window, and per mode, with what the
 * run was (workers, mode, period) and how long it took to be ready. The figures come from the counter table; the
 * findings say why each duplicate, overlap and missed tick happened, from the recording.
 */
public record RunSummary(
        int workers,
        String mode,
        Duration every,
        Duration taskTime,
        long readyMillis,
        Figures total,
        List<Finding> findings,
        List<ModeTotal> byMode,
        List<ModeSegment> segments,
        List<Long> switchMillis,
        List<ServerInfo> servers) {

    /** The switch latencies (request sent to the slowest worker's acknowledgement): median, or -1 without one. */
    public long switchP50() {
        return median(switchMillis);
    }

    /** The lower median (a value that was measured), or -1 of nothing. */
    public static long median(List<Long> values) {
        return values.stream()
                .sorted()
                .skip((values.size() - 1) / 2)
                .findFirst()
                .orElse(-1L);
    }

    public long switchMax() {
        return switchMillis.stream().mapToLong(Long::longValue).max().orElse(-1);
    }

    /** One tally a cause that explains something, {@code released-early: 2 duplicate ticks}, in order of precedence. */
    public static List<SummaryFile.CauseTally> causes(List<Finding> findings) {
        List<SummaryFile.CauseTally> out = new ArrayList<>();
        for (Cause c : Cause.values()) {
            List<Finding> of = findings.stream().filter(f -> f.cause() == c).toList();
            if (!of.isEmpty()) {
                out.add(new SummaryFile.CauseTally(
                        c.wireName(),
                        count(of, Finding.Kind.DUPLICATE),
                        count(of, Finding.Kind.OVERLAP),
                        count(of, Finding.Kind.MISSED)));
            }
        }
        return out;
    }

    private static int count(List<Finding> findings, Finding.Kind kind) {
        return (int) findings.stream().filter(f -> f.kind() == kind).count();
    }

    /** The summary as its run folder keeps it, for {@code SummaryCodec} to write. */
    public SummaryFile toFile() {
        return new SummaryFile(
                workers,
                mode,
                every,
                taskTime,
                readyMillis,
                figures(total),
                causes(findings),
                byMode.stream()
                        .map(t -> new SummaryFile.ModeFigures(t.mode(), figures(t.figures())))
                        .toList(),
                segments.stream()
                        .map(seg -> new SummarySegment(
                                seg.mode(), settings(seg.spec()), seg.from(), seg.to(), figures(seg.figures())))
                        .toList(),
                switchMillis.isEmpty()
                        ? Optional.empty()
                        : Optional.of(new SummaryFile.SwitchTimes(switchP50(), switchMax(), switchMillis.size())),
                servers.stream()
                        .map(s -> new SummaryServer(
                                s.name(), s.address(), s.state(), s.startMillis(), s.source(), s.detail(), s.note()))
                        .toList(),
                Optional.empty());
    }

    /** The checker's figures as a summary keeps them. */
    public static SummaryFigures figures(Figures f) {
        return new SummaryFigures(
                f.ticks(),
                f.rows(),
                f.duplicateTicks(),
                f.extraRows(),
                f.missedTicks(),
                f.overlaps(),
                new SummaryFigures.RowsPerTick(f.minRowsPerTick(), f.medianRowsPerTick(), f.maxRowsPerTick()),
                f.jobRuns(),
                f.refusedWrites());
    }

    /** A mode's knobs, each as the command line writes it. */
    public static List<SummarySegment.Setting> settings(ModeSpec spec) {
        return spec.texts().entrySet().stream()
                .map(e -> new SummarySegment.Setting(e.getKey().name(), e.getValue()))
                .toList();
    }
}
