package lab.replay;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import lab.check.Checker;
import lab.check.Explainer;
import lab.check.Finding;
import lab.headless.EventLine;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.report.RunFolder;
import lab.store.CounterRow;

/**
 * One run folder read for playing: the recording in order, the counter table's rows, and every duplicate, overlap and
 * missed tick explained once over the span the session counted, as its report explains them. A replay shows these
 * facts as they come due; it computes nothing the recording does not hold.
 *
 * @param rows     {@code counter.csv} ordered by id; empty when the folder has none
 * @param start    the first tick boundary at or before the first record: where the replay begins
 * @param end      the last record, or the last row's write if later: where it ends
 * @param countFrom where the session's counts begin: its count's start, else the workers' ready
 * @param findings by tick, explained by the checker's explainer over the counted span
 * @param cutShort null for a session that ended normally; else the line that says where and how it ends
 */
record RecordedRun(
        String name,
        List<Event> events,
        List<CounterRow> rows,
        Duration every,
        Instant start,
        Instant end,
        Instant countFrom,
        List<String> workers,
        List<Finding> findings,
        String cutShort) {

    static RecordedRun of(RunFolder f, Path source) throws BadRecording {
        List<Event> events = f.events();
        List<CounterRow> rows = new ArrayList<>(f.rows() == null ? List.of() : f.rows());
        rows.sort(Comparator.comparingLong(CounterRow::id));
        Duration every = f.every() != null ? f.every() : firedPeriod(events);
        if (every == null) {
            throw new BadRecording(source + ": expected a tick period (a count at the end, a summary, or two ticks"
                    + " fired), found none: nothing to step through");
        }
        Instant last = events.get(events.size() - 1).ts();
        Instant end = last;
        for (CounterRow r : rows) {
            end = r.createdAt().isAfter(end) ? r.createdAt() : end;
        }
        TreeSet<String> ids =
                new TreeSet<>(Comparator.comparingInt(String::length).thenComparing(w -> w));
        events.stream().map(Event::worker).filter(w -> !w.equals(Event.LAB)).forEach(ids::add);
        rows.forEach(r -> ids.add(r.worker()));

        Instant from = f.countedFrom() != null ? f.countedFrom() : firstReady(events);
        Instant to = f.countedTo() != null ? f.countedTo() : last;
        List<Finding> findings = new ArrayList<>(
                f.rows() == null
                        ? List.of()
                        : Explainer.explain(rows, events, from, to, every).findings());
        findings.sort(Comparator.comparing(Finding::tick));
        String cut = null;
        if (f.countedFrom() == null) {
            cut = "recording cut short: it ends at " + EventLine.tick(last, ZoneId.systemDefault())
                    + " without the session's count (its launcher stopped before the end)"
                    + (f.rows() == null ? " and without counter.csv: no row to show" : "");
        }
        return new RecordedRun(
                source.getFileName().toString(),
                List.copyOf(events),
                List.copyOf(rows),
                every,
                Checker.floor(events.get(0).ts(), every),
                end,
                from,
                List.copyOf(ids),
                List.copyOf(findings),
                cut);
    }

    /** The shortest gap between two ticks the workers fired: the period, where nothing else says it. */
    private static Duration firedPeriod(List<Event> events) {
        TreeSet<Instant> ticks = new TreeSet<>();
        events.stream()
                .filter(e -> e.type() == EventType.FIRED && e.tick() != null)
                .forEach(e -> ticks.add(e.tick()));
        Duration least = null;
        Instant before = null;
        for (Instant t : ticks) {
            if (before != null) {
                Duration gap = Duration.between(before, t);
                least = least == null || gap.compareTo(least) < 0 ? gap : least;
            }
            before = t;
        }
        return least;
    }

    private static Instant firstReady(List<Event> events) {
        Instant ready = null;
        for (Event e : events) {
            if (e.type() == EventType.READY) {
                ready = e.ts(); // the last worker's ready: the time origin of a session's counts
            }
        }
        return ready != null ? ready : events.get(0).ts();
    }

    /**
     * When {@code f} is due on screen: once its window has ended and the last row it counts was written (a paused
     * holder writes after its window), never before the evidence it cites.
     */
    Instant due(Finding f) {
        Instant at = f.tick().plus(every);
        for (CounterRow r : rows) {
            if (r.tickAt().equals(f.tick()) && r.createdAt().isAfter(at)) {
                at = r.createdAt();
            }
        }
        return at;
    }
}
