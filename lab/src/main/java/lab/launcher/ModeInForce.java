package lab.launcher;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import lab.check.Clocks;
import lab.fleet.ModeSwitcher;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.session.ModeSegment;
import lab.session.ModeTotal;
import lab.session.SwitchResult;
import lab.store.CounterRow;

/**
 * The mode in force and the spans it was in force for: what a switch changes, and what the summary counts per
 * mode. One switch at a time: a scenario step and a key may ask at once, and the spans must not interleave.
 */
final class ModeInForce {
    private final Segments segments = new Segments();
    private final List<Long> switchMillis = new CopyOnWriteArrayList<>();
    private volatile ModeSpec spec;
    private volatile Instant since;

    private final Clock clock;
    private volatile Supplier<Clocks> clocks = () -> Clocks.ONE;

    ModeInForce(ModeSpec first, Clock clock) {
        this.spec = first;
        this.clock = clock;
    }

    ModeSpec spec() {
        return spec;
    }

    /** Whose clock wrote each row, for the spans' overlaps. */
    void clocks(Supplier<Clocks> c) {
        clocks = c;
        segments.clocks(c);
    }

    /** Null after a switch that not every worker acknowledged: no span of one mode is running. */
    Instant since() {
        return since;
    }

    /** The first mode's span begins when every worker is ready. */
    synchronized void begin(Instant readyAt) {
        since = readyAt;
        segments.begin(spec, readyAt);
    }

    /**
     * Applies {@code change} to the spec in force and asks {@code send} to switch every worker to the result; says
     * in one line how it went. A spec the lab cannot serve ({@code check} throws: its server is not there) is
     * refused before any worker is asked.
     */
    synchronized SwitchResult apply(
            ModeChange change, Consumer<ModeSpec> check, Function<ModeSpec, ModeSwitcher.Result> send) {
        ModeSpec next;
        try {
            next = change.applyTo(spec);
            check.accept(next);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return new SwitchResult(
                    SwitchResult.Status.REFUSED,
                    "switch to " + change + " refused: " + e.getMessage() + "; still in mode " + spec.mode());
        }
        Instant requested = clock.instant();
        ModeSwitcher.Result r = send.apply(next);
        segments.end(requested);
        if (r.refusedByAll()) {
            // No worker moved: the run is still wholly in the old mode, and keeps being counted as such. A worker
            // that only went silent may still move (a library loading in every JVM at once), so silence is not this.
            segments.begin(spec, clock.instant());
            return new SwitchResult(
                    SwitchResult.Status.REFUSED,
                    "switch to " + next.mode() + " refused by every worker: " + String.join("; ", r.refusals())
                            + "; still in mode " + spec.mode());
        }
        spec = next;
        if (!r.complete()) {
            // Some workers moved, some did not or have not said: no span is counted, and `since: mode` has nothing
            // to judge.
            since = null;
            return new SwitchResult(
                    SwitchResult.Status.INCOMPLETE,
                    "switch to " + next.mode() + " incomplete, not counted until the next switch: "
                            + String.join("; ", r.notAcknowledged()));
        }
        // A worker whose clock is ahead fires each tick that much early, on the machine's clock: the span begins once
        // its fires too come after the switch, or its old mode's run of a tick would be judged in the new span.
        Instant acknowledged = clock.instant();
        since = acknowledged.plusMillis(clocks.get().skews().mostAheadAt(acknowledged));
        segments.begin(next, since);
        switchMillis.add(r.max());
        return new SwitchResult(
                SwitchResult.Status.SWITCHED,
                "switch to " + next.mode() + " " + next + ": acknowledged by "
                        + r.ackMillis().size() + " workers, p50 " + r.p50() + " ms, max " + r.max() + " ms");
    }

    /** The table was emptied: the span in force counts afresh from {@code from}. */
    synchronized void restart(Instant from) {
        if (since != null) {
            segments.restart(spec, from);
        }
    }

    /** The figures per mode so far, from the given rows, the open span counted up to {@code now}. */
    List<ModeTotal> totalsSoFar(List<CounterRow> rows, Duration every, Instant now) {
        return byMode(segments.countSoFar(rows, every, now));
    }

    /** Closes the last span at {@code stopAt} and counts every span from the rows. */
    synchronized List<ModeSegment> end(Instant stopAt, List<CounterRow> rows, Duration every) {
        segments.end(stopAt);
        return segments.count(rows, every);
    }

    static List<ModeTotal> byMode(List<ModeSegment> counted) {
        List<ModeTotal> byMode = List.of();
        for (ModeSegment s : counted) {
            byMode = ModeTotal.plus(byMode, s.mode(), s.figures());
        }
        return byMode;
    }

    List<Long> switchMillis() {
        return List.copyOf(switchMillis);
    }
}
