package lab.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import lab.check.Cause;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.Event;
import lab.protocol.summary.SoakSummary;
import lab.protocol.summary.SummarySegment;
import lab.session.RunSummary;
import lab.store.CounterRow;

/**
 * What a soak proves, from the counter table: no tick written twice, no written row lost, every missed tick within
 * the reach of a fault (its cause said by the explainer), every fault undone, and nothing of the lab left behind.
 * Each failure is one sentence naming the figure and, where one is to blame, the fault.
 *
 * <p>Two kinds of miss belong to no fault and are still allowed, within a bound, as a busy machine's: a tick whose lock
 * was still held by the previous tick's run ({@code held-past-window}) because that run, a 50 ms job and its write,
 * outlasted its 200 ms window; and a tick whose every fire came more than half a period late ({@code late-fire}), the
 * processes starved of the CPU. Those are listed apart and may be at most {@link #SLOW_PERCENT} % of the ticks: a lock
 * that was never given back would miss every other tick and fail; any other miss outside a fault's reach fails.
 *
 * @param slow the misses outside every fault's reach that a run outlasting its window, or fires that all came too
 *     late, explain
 */
public record SoakVerdict(
        Figures figures,
        long written,
        List<LostRows.Lost> lost,
        List<FaultReport> faults,
        List<Finding> unattributed,
        List<Finding> slow,
        List<String> leftovers) {

    /** The share of ticks a busy machine may miss, outside every fault, through runs that outlast their window. */
    public static final int SLOW_PERCENT = 2;

    public SoakVerdict {
        lost = List.copyOf(lost);
        faults = List.copyOf(faults);
        unattributed = List.copyOf(unattributed);
        slow = List.copyOf(slow);
        leftovers = List.copyOf(leftovers);
    }

    /** Judges a finished run; {@code leftovers} are what {@link Leftovers} found once the lab was closed. */
    public static SoakVerdict judge(
            RunSummary summary,
            List<CounterRow> rows,
            List<Event> recording,
            List<InjectedFault> injected,
            Duration period,
            Duration ttl,
            List<String> leftovers) {
        List<FaultReport> reports = new ArrayList<>();
        List<Finding> unattributed = new ArrayList<>();
        List<Finding> slow = new ArrayList<>();
        List<FaultReach> reaches =
                injected.stream().map(f -> FaultReach.of(f, period, ttl)).toList();
        List<List<Finding>> missedBy = new ArrayList<>();
        injected.forEach(f -> missedBy.add(new ArrayList<>()));
        for (Finding f : summary.findings()) {
            if (f.kind() != Finding.Kind.MISSED) {
                continue;
            }
            int i = 0;
            while (i < reaches.size() && !reaches.get(i).covers(f.tick(), period)) {
                i++;
            }
            if (f.cause() == Cause.UNEXPLAINED) {
                // Inside a fault's reach or not, a miss the recording cannot explain is not put down to the fault.
                unattributed.add(f);
            } else if (i < reaches.size()) {
                missedBy.get(i).add(f);
            } else if (f.cause() == Cause.HELD_PAST_WINDOW || f.cause() == Cause.LATE_FIRE) {
                slow.add(f);
            } else {
                unattributed.add(f);
            }
        }
        for (int i = 0; i < injected.size(); i++) {
            reports.add(new FaultReport(
                    injected.get(i),
                    reaches.get(i),
                    FaultReach.boundTicks(injected.get(i), period, ttl),
                    missedBy.get(i)));
        }
        return new SoakVerdict(
                summary.total(),
                LostRows.written(recording),
                LostRows.find(recording, rows),
                reports,
                unattributed,
                slow,
                leftovers);
    }

    /** How many slow-run misses the run's ticks allow ({@value #SLOW_PERCENT} % of them, rounded down). */
    public int slowBound() {
        return figures.ticks() * SLOW_PERCENT / 100;
    }

    /** Why it failed, one line each; empty when it held. */
    public List<String> failures() {
        List<String> out = new ArrayList<>();
        if (figures.duplicateTicks() > 0) {
            out.add("duplicate_ticks: expected 0, got " + figures.duplicateTicks() + " (" + figures.extraRows()
                    + " extra rows)");
        }
        if (!lost.isEmpty()) {
            out.add("lost_rows: expected 0, got " + lost.size() + "; first: " + lost.get(0));
        }
        for (Finding f : unattributed) {
            out.add("missed_ticks: a miss within no fault's reach: " + f.sentence() + " (" + f.cause() + ")");
        }
        if (slow.size() > slowBound()) {
            out.add("missed_ticks: " + slow.size() + " ticks missed outside every fault because a run outlasted its"
                    + " window or every fire came too late (expected at most " + slowBound() + ", " + SLOW_PERCENT
                    + " % of " + figures.ticks()
                    + " ticks); first: " + slow.get(0).sentence());
        }
        for (FaultReport r : faults) {
            if (r.missed().size() > r.boundTicks()) {
                out.add("missed_ticks: fault " + r.fault().planned() + " cost "
                        + r.missed().size() + " ticks (expected at most " + r.boundTicks() + ")");
            }
            if (!r.fault().healed()) {
                out.add("fault " + r.fault().planned() + " was not undone: "
                        + String.join("; ", r.fault().lines()));
            }
        }
        if (figures.ticks() == 0) {
            out.add("ticks: nothing to judge (no complete tick window)");
        }
        leftovers.forEach(l -> out.add("left behind: " + l));
        return out;
    }

    public boolean held() {
        return failures().isEmpty();
    }

    /** {@code 0 duplicate ticks, 0 lost rows (of 281 written), 14 missed ticks, all within a fault's reach}. */
    public String line() {
        return figures.ticks() + " ticks, " + figures.duplicateTicks() + " duplicate ticks, " + lost.size()
                + " lost rows (of " + written + " the events say were written), " + figures.missedTicks()
                + " missed ticks, "
                + outside();
    }

    private String outside() {
        if (unattributed.isEmpty() && slow.isEmpty()) {
            return "all within a fault's reach";
        }
        List<String> parts = new ArrayList<>();
        if (!unattributed.isEmpty()) {
            parts.add(unattributed.size() + " within no fault's reach");
        }
        if (!slow.isEmpty()) {
            parts.add(slow.size()
                    + " outside every fault because a run outlasted its window or every fire came too late (a busy"
                    + " machine; at most "
                    + slowBound() + " allowed)");
        }
        return String.join(", ", parts);
    }

    /**
     * The soak's part of its run's summary: the verdict, its failures, the lost rows and each fault's cost, with how
     * to play the soak again ({@code seed}, {@code length}, the mode's knobs) and the lock's TTL the bounds took.
     */
    public SoakSummary toSummary(long seed, Duration length, Duration lockTtl, List<SummarySegment.Setting> spec) {
        return new SoakSummary(
                seed,
                length,
                lockTtl,
                spec,
                held(),
                failures(),
                written,
                lost.stream().map(LostRows.Lost::toString).toList(),
                faults.stream().map(SoakVerdict::fault).toList(),
                unattributed.stream().map(SoakVerdict::miss).toList(),
                slow.stream().map(SoakVerdict::miss).toList(),
                slowBound(),
                leftovers);
    }

    private static SoakSummary.Fault fault(FaultReport r) {
        InjectedFault f = r.fault();
        return new SoakSummary.Fault(
                f.planned().number(),
                f.planned().kind().toString(),
                f.planned().target(),
                f.planned().at(),
                f.startedAt(),
                f.endedAt(),
                f.healed(),
                f.lines(),
                r.reach().from(),
                r.reach().to(),
                r.boundTicks(),
                r.causes().entrySet().stream()
                        .map(e -> new SoakSummary.CauseCount(e.getKey(), e.getValue()))
                        .toList(),
                r.missed().stream().map(SoakVerdict::miss).toList());
    }

    private static SoakSummary.Miss miss(Finding f) {
        return new SoakSummary.Miss(f.tick(), f.cause().wireName(), f.sentence());
    }
}
