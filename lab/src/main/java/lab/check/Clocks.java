package lab.check;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.protocol.ClockOffset;
import lab.store.CounterRow;

/**
 * Whose clock wrote each row. A worker writes {@code started_at} and {@code created_at} with its own clock, so two
 * runs on two machines are compared across two clocks: an overlap between them is judged only when those clocks are
 * known to agree within {@link #BOUND}, else the checker says it cannot tell rather than count or deny one.
 *
 * @param offsets  each attached worker's clock offset from the launcher's, as it last estimated it; a worker not
 *                 named runs on the launcher's machine, with its clock (offset 0, exactly)
 * @param unknown  attached workers that have not estimated their offset yet: never compared with another
 * @param skews    the offsets the lab set on its own workers' clocks: exact, so their rows are corrected, not refused
 */
public record Clocks(Map<String, ClockOffset> offsets, Set<String> unknown, LabSkews skews) {
    /**
     * A tenth of the shortest job a lesson uses that makes an overlap (300 ms ran the same tick on four machines):
     * well above what NTP keeps machines on one network within, well below what a run lasts.
     */
    public static final Duration BOUND = Duration.ofMillis(50);

    /** Every worker on the launcher's machine: one clock, every overlap judged. */
    public static final Clocks ONE = new Clocks(Map.of(), Set.of());

    public Clocks {
        offsets = Map.copyOf(offsets);
        unknown = Set.copyOf(unknown);
        skews = skews == null ? LabSkews.NONE : skews;
    }

    /** Attached workers' clocks, no lab-set skew. */
    public Clocks(Map<String, ClockOffset> offsets, Set<String> unknown) {
        this(offsets, unknown, LabSkews.NONE);
    }

    /** These clocks, with the offsets the lab set ({@link LabSkews}). */
    public Clocks withSkews(LabSkews s) {
        return new Clocks(offsets, unknown, s);
    }

    /** {@code rows} with a skewed worker's {@code started_at} and {@code created_at} on the machine's clock. */
    public List<CounterRow> corrected(List<CounterRow> rows) {
        return skews.corrected(rows);
    }

    /** How far apart the two workers' clocks may be, at worst; -1 when one of them is not known. */
    public long apartAtMost(String a, String b) {
        if (unknown.contains(a) || unknown.contains(b)) {
            return -1;
        }
        ClockOffset x = offsets.getOrDefault(a, new ClockOffset(0, 0));
        ClockOffset y = offsets.getOrDefault(b, new ClockOffset(0, 0));
        return Math.abs(x.millis() - y.millis()) + x.errorMillis() + y.errorMillis();
    }

    /** Whether a run of {@code a} and a run of {@code b} may be compared in time. */
    public boolean comparable(String a, String b) {
        long apart = apartAtMost(a, b);
        return apart >= 0 && apart <= BOUND.toMillis();
    }

    /** The one line that says which overlaps were not judged, and why. */
    String notJudged(String a, String b, int pairs) {
        long apart = apartAtMost(a, b);
        return pairs + (pairs == 1 ? " pair" : " pairs") + " of runs of " + a + " and " + b + " not judged for overlap:"
                + " their clocks "
                + (apart < 0
                        ? "are not compared yet (no offset reported)"
                        : "may differ by " + apart + " ms (" + describe(a) + ", " + describe(b) + "), more than the "
                                + BOUND.toMillis() + " ms bound");
    }

    private String describe(String w) {
        ClockOffset o = offsets.get(w);
        return o == null ? w + " on the launcher's clock" : w + " " + o;
    }
}
