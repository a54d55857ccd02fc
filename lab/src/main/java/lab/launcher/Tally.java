package lab.launcher;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import lab.check.Checker;
import lab.check.Figures;
import lab.session.ModeSegment;
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
    private final Modes modes;
    private final Duration every;
    private volatile Instant countFrom;

    Tally(Supplier<String> storeUrl, Modes modes, Duration every) {
        this.storeUrl = storeUrl;
        this.modes = modes;
        this.every = every;
    }

    /** Counts from {@code from} on: the workers are ready, or the table was emptied. */
    void countFrom(Instant from) {
        countFrom = from;
    }

    Figures figures(Instant from, Instant to) throws SQLException {
        return Checker.figures(rows(), from, to, every);
    }

    /** The figures per mode so far, from the given rows, the open span counted up to {@code now}. */
    public Map<String, Figures> soFar(List<CounterRow> rows, Instant now) {
        return modes.totalsSoFar(rows, every, now);
    }

    /** Once every worker has stopped: the whole run and each mode's spans up to {@code stopAt}. */
    RunSummary summary(Instant stopAt, LabSettings settings, long readyMillis, List<ServerInfo> servers)
            throws SQLException {
        List<CounterRow> rows = rows();
        List<ModeSegment> counted = modes.end(stopAt, rows, every);
        return new RunSummary(
                settings.workers(),
                settings.spec().mode().cliName(),
                every,
                settings.spec().taskTime(),
                readyMillis,
                Checker.figures(rows, countFrom, stopAt, every),
                Modes.byMode(counted),
                counted,
                modes.switchMillis(),
                servers);
    }

    private List<CounterRow> rows() throws SQLException {
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            return store.readAll();
        }
    }
}
