package lab.soak;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import lab.nemesis.FaultResult;
import lab.nemesis.Nemesis;

/**
 * Injects one planned fault through the lab's fault room, the one a scenario's steps and the dashboard's keys use,
 * and undoes it: nothing here reaches a process or a server but through {@link Nemesis}.
 */
final class FaultInjector {
    private final Nemesis faults;
    private final Clock clock;

    FaultInjector(Nemesis faults, Clock clock) {
        this.faults = faults;
        this.clock = clock;
    }

    InjectedFault inject(PlannedFault fault) throws InterruptedException {
        List<FaultResult> results = new ArrayList<>();
        Instant started = clock.instant();
        results.add(faults.inject(fault.fault()));
        Thread.sleep(fault.held().toMillis());
        results.add(faults.inject(fault.undo()));
        return new InjectedFault(fault, started, clock.instant(), results);
    }
}
