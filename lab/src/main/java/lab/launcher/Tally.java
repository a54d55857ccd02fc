package lab.launcher;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import lab.check.Checker;
import lab.check.Clocks;
import lab.check.Explainer;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.Event;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.session.ModeSegment;
import lab.session.ModeTotal;
import lab.session.RunSummary;
import lab.session.ServerInfo;
import lab.store.CounterRow;
import lab.store.CounterStore;

/**
 * The session's figures, counted from the counter table alone: over a span, per mode so far, and for the summary.
 * Counting starts when every worker is ready, and again each time the table is emptied: figures over rows that
 * are gone would claim missed ticks that ran.
 */
public final class Tally {
    private final Supplier<String> storeUrl;
    private final ModeInForce modes;
    /** Longer than any lesson's lock lives (the default TTL is a minute). */
    private static final Duration LOOK_BACK = Duration.ofMinutes(2);

    private final Duration every;
    private final Recording recording;
    private volatile Instant countFrom;
    private volatile Supplier<Clocks> clocks = () -> Clocks.ONE;

    Tally(Supplier<String> storeUrl, ModeInForce modes, Duration every, Recording recording) {
        this.storeUrl = storeUrl;
        this.modes = modes;
        this.every = every;
        this.recording = recording;
    }

    /** Whose clock wrote each row: attached workers run on clocks of their own. */
    void clocks(Supplier<Clocks> c) {
        clocks = c;
        modes.clocks(c);
    }

    /** The overlaps not judged over the whole run, one line per pair of workers (see {@link Checker#notJudged}). */
    List<String> notJudged(Instant stopAt) throws SQLException {
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            return Checker.notJudged(store.readAll(), countFrom, stopAt, every, clocks.get());
        }
    }

    /** Counts from {@code from} on: the workers are ready, or the table was emptied. */
    void countFrom(Instant from) {
        countFrom = from;
    }

    Figures figures(Instant from, Instant to) throws SQLException {
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            return Checker.figures(
                    store.readAll(), store.runTicks(), store.refusedTicks(), from, to, every, clocks.get());
        }
    }

    /** Every duplicate tick, overlap and missed tick of the complete windows in {@code [from, to)}, explained. */
    List<Finding> explain(Instant from, Instant to) throws SQLException {
        return explain(rows(), from, to);
    }

    /** The same from rows already read: the dashboard's, which it keeps as they come. */
    public List<Finding> explain(List<CounterRow> rows, Instant from, Instant to) {
        Instant start = countFrom != null && countFrom.isAfter(from) ? countFrom : from;
        // What came before the span matters (a kill, a lock taken for an earlier tick), not the whole session.
        List<Event> events = recording.since(start.minus(LOOK_BACK));
        return Explainer.explain(rows, events, start, to, every, clocks.get()).findings();
    }

    /** The figures per mode so far, from the given rows, the open span counted up to {@code now}. */
    public List<ModeTotal> soFar(List<CounterRow> rows, Instant now) {
        return modes.totalsSoFar(rows, every, now);
    }

    /** Once every worker has stopped: the whole run and each mode's spans up to {@code stopAt}. */
    RunSummary summary(Instant stopAt, LabSettings settings, long readyMillis, List<ServerInfo> servers)
            throws SQLException {
        List<CounterRow> rows;
        List<Instant> runTicks;
        List<Instant> refusedTicks;
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            rows = store.readAll();
            runTicks = store.runTicks();
            refusedTicks = store.refusedTicks();
        }
        List<ModeSegment> counted = modes.end(stopAt, rows, every);
        // The span the figures cover, in the recording: a report drawn from the run's folder counts what this did.
        recording.lab(
                modes.spec().mode().cliName(),
                "counted the complete " + every.toMillis() + " ms windows from " + countFrom + " to " + stopAt,
                new LabFact.Counted(countFrom, stopAt, every.toMillis()));
        return new RunSummary(
                settings.workers(),
                settings.spec().mode().cliName(),
                every,
                settings.spec().get(Knobs.TASK_TIME),
                readyMillis,
                // job_runs and refused_writes per run only: the modes' spans are counted from the rows the dashboard
                // keeps.
                Checker.figures(rows, runTicks, refusedTicks, countFrom, stopAt, every, clocks.get()),
                Explainer.explain(rows, recording.since(null), countFrom, stopAt, every, clocks.get())
                        .findings(),
                ModeInForce.byMode(counted),
                counted,
                modes.switchMillis(),
                servers);
    }

    /** Writes the store's tables as CSV files into {@code dir} (see {@link CounterStore#saveTables}). */
    List<Path> saveTables(Path dir) throws SQLException, IOException {
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            return store.saveTables(dir);
        }
    }

    private List<CounterRow> rows() throws SQLException {
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            return store.readAll();
        }
    }
}
