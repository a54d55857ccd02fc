package lab.launcher;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import lab.check.Checker;
import lab.check.Clocks;
import lab.protocol.ModeSpec;
import lab.session.ModeSegment;
import lab.store.CounterRow;

/**
 * The spans of a run by mode. A span begins when every worker has acknowledged its mode (so its first counted
 * window is the first that begins after that) and ends when the next switch is requested: the windows in
 * between belong to no mode, since the workers were not all in one.
 */
public final class Segments {
    private record Open(ModeSpec spec, Instant from) {}

    private final List<ModeSegment> closed = new ArrayList<>();
    private Open open;
    private volatile Supplier<Clocks> clocks = () -> Clocks.ONE;

    /** Whose clock wrote each row: attached workers run on clocks of their own. */
    void clocks(Supplier<Clocks> c) {
        clocks = c;
    }

    synchronized void begin(ModeSpec spec, Instant from) {
        open = new Open(spec, from);
    }

    /** After the table was emptied: what came before is gone from it, so no span before now is counted. */
    synchronized void restart(ModeSpec spec, Instant from) {
        closed.clear();
        open = new Open(spec, from);
    }

    synchronized void end(Instant to) {
        if (open != null) {
            closed.add(new ModeSegment(open.spec().mode().cliName(), open.spec(), open.from(), to, null));
            open = null;
        }
    }

    /** Every span so far with its figures, the open one up to {@code now}. */
    synchronized List<ModeSegment> countSoFar(List<CounterRow> rows, Duration every, Instant now) {
        List<ModeSegment> out = new ArrayList<>(count(rows, every));
        if (open != null) {
            out.add(new ModeSegment(
                    open.spec().mode().cliName(),
                    open.spec(),
                    open.from(),
                    now,
                    Checker.figures(rows, open.from(), now, every, clocks.get())));
        }
        return out;
    }

    /** Every closed span with its figures, counted from {@code rows}. */
    synchronized List<ModeSegment> count(List<CounterRow> rows, Duration every) {
        List<ModeSegment> out = new ArrayList<>();
        for (ModeSegment s : closed) {
            out.add(new ModeSegment(
                    s.mode(),
                    s.spec(),
                    s.from(),
                    s.to(),
                    Checker.figures(rows, s.from(), s.to(), every, clocks.get())));
        }
        return out;
    }
}
