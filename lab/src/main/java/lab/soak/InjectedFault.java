package lab.soak;

import java.time.Instant;
import java.util.List;

/**
 * A planned fault as it happened: when it began and when the lab was whole again, and what each step answered.
 *
 * @param healed whether its last step undid it (the worker restarted or resumed, the server started again)
 */
public record InjectedFault(
        PlannedFault planned, Instant startedAt, Instant endedAt, List<String> lines, boolean healed) {
    public InjectedFault {
        lines = List.copyOf(lines);
    }
}
