package lab.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import lab.check.Checker;
import lab.check.Explainer;
import lab.check.Finding;
import lab.protocol.Event;
import lab.protocol.LabFact;
import lab.store.CounterRow;
import lab.store.JobRunRow;
import lab.store.RefusedWrite;

/**
 * What the report draws, read from one run folder. Who ran which tick, and how often each tick ran, come from the
 * table ({@code counter.csv}); why a tick ran twice or not at all comes from the explainer, over the span the
 * session itself counted; everything else from the launcher's records and the workers' outcome events.
 *
 * @param windows     the complete windows the session counted, each with its row count (empty without the table)
 * @param findings    every duplicate tick, overlap and missed tick of those windows, explained
 */
record Timeline(
        RunFolder folder,
        Instant start,
        Instant end,
        Duration every,
        List<String> workers,
        Map<Instant, Integer> windows,
        List<Band> bands,
        List<Point> points,
        List<Finding> findings) {

    static Timeline of(RunFolder f) {
        List<Event> events = f.events();
        Instant start = events.get(0).ts();
        Instant end = events.get(events.size() - 1).ts();
        List<CounterRow> rows = f.rows() == null ? List.of() : f.rows();
        for (CounterRow r : rows) {
            end = r.createdAt().isAfter(end) ? r.createdAt() : end;
            start = r.startedAt().isBefore(start) ? r.startedAt() : start;
        }
        TreeSet<String> ids =
                new TreeSet<>(Comparator.comparingInt((String w) -> w.length()).thenComparing(w -> w));
        events.stream().map(Event::worker).filter(w -> !w.equals(Event.LAB)).forEach(ids::add);
        rows.forEach(r -> ids.add(r.worker()));

        Map<Instant, Integer> windows = new TreeMap<>();
        List<Finding> findings = List.of();
        Duration every = f.every();
        if (f.rows() != null && f.countedFrom() != null && every != null) {
            for (Instant w : Checker.completeWindows(f.countedFrom(), f.countedTo(), every)) {
                windows.put(w, 0);
            }
            for (CounterRow r : rows) {
                windows.computeIfPresent(r.tickAt(), (w, n) -> n + 1);
            }
            findings = Explainer.explain(rows, events, f.countedFrom(), f.countedTo(), every)
                    .findings();
        }

        List<Band> bands = new ArrayList<>();
        bands.addAll(Bands.modes(events, end));
        bands.addAll(Bands.servers(events, end));
        bands.addAll(Bands.locks(events, end));
        bands.addAll(Bands.faults(events, end));
        for (JobRunRow run : f.jobRuns()) {
            // A run whose row the store did not keep (an idempotent key already there, a stale fencing token).
            if (!run.wrote()) {
                bands.add(new Band(
                        run.worker(),
                        "unkept",
                        run.startedAt(),
                        run.endedAt(),
                        "",
                        run.worker() + " ran tick " + ReportTimes.second(run.tickAt())
                                + "; the store did not keep its row (job_runs.wrote = false)",
                        null));
            }
        }
        return new Timeline(f, start, end, every, List.copyOf(ids), windows, bands, points(f), findings);
    }

    private static List<Point> points(RunFolder f) {
        List<Point> out = new ArrayList<>();
        int captions = 0;
        int verdicts = 0;
        for (Event e : f.events()) {
            switch (e.type()) {
                case SKIPPED -> out.add(new Point(e.worker(), "skipped", e.ts(), "s", e.detail()));
                case ERROR -> out.add(new Point(e.worker(), "error", e.ts(), "E", e.detail()));
                case CAPTION -> {
                    LabFact.Caption c = (LabFact.Caption) e.fact();
                    out.add(new Point("script", "caption", e.ts(), "C" + ++captions, c.text()));
                }
                case VERDICT -> {
                    LabFact.Verdict v = (LabFact.Verdict) e.fact();
                    out.add(new Point("script", v.passed() ? "pass" : "fail", e.ts(), "V" + ++verdicts, v.text()));
                }
                case SWITCH -> {
                    if (e.worker().equals(Event.LAB)) {
                        Instant at = Bands.acknowledged(e);
                        out.add(new Point("all", "switch", at, "→ " + e.mode(), e.detail()));
                    }
                }
                case FAULT -> {
                    LabFact.Fault fault = (LabFact.Fault) e.fact();
                    out.add(new Point(fault.target(), "fault", e.ts(), String.valueOf(fault.kind()), e.detail()));
                }
                case EXITED -> {
                    LabFact.Exited x = (LabFact.Exited) e.fact();
                    out.add(new Point(
                            x.target(),
                            "fault",
                            e.ts(),
                            x.exitCode() == null ? "exited" : "exit " + x.exitCode(),
                            e.detail()));
                }
                default -> {
                    // the rest is drawn from the table (ran) or as bands (lock, server, restart)
                }
            }
        }
        for (RefusedWrite r : f.refused()) {
            out.add(new Point(
                    r.worker(),
                    "refused",
                    r.at(),
                    "f",
                    r.worker() + "'s write for tick " + ReportTimes.second(r.tickAt())
                            + " was refused by the store: token " + r.token() + " < " + r.lastToken()
                            + ", the last it accepted"));
        }
        return out;
    }

    List<Point> points(String kind) {
        return points.stream().filter(p -> p.kind().equals(kind)).toList();
    }

    List<Finding> findings(Finding.Kind kind) {
        return findings.stream().filter(x -> x.kind() == kind).toList();
    }

    boolean hasServers() {
        return bands.stream().anyMatch(b -> b.lane().equals("servers"));
    }

    boolean scenario() {
        return points.stream().anyMatch(p -> p.lane().equals("script"));
    }

    static boolean isVerdict(Point p) {
        return p.kind().equals("pass") || p.kind().equals("fail");
    }
}
