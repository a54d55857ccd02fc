package lab.soak;

import java.time.Instant;
import java.util.List;
import lab.nemesis.FaultResult;

/**
 * A planned fault as it happened: when it began and when the lab was whole again, and what the fault room answered to
 * each step (the fault, then what undoes it).
 */
public record InjectedFault(PlannedFault planned, Instant startedAt, Instant endedAt, List<FaultResult> results) {
    public InjectedFault {
        results = List.copyOf(results);
    }

    /**
     * Whether its last step undid it, as the room's typed answer says: done, and not merely begun (a worker resumed
     * without the mode in force, Redis started again without its fencing counter are not undone).
     */
    public boolean healed() {
        return !results.isEmpty() && results.get(results.size() - 1).done();
    }

    /** What the lab said to each step, in order. */
    public List<String> lines() {
        return results.stream().map(FaultResult::line).toList();
    }
}
