package lab.soak;

import java.time.Clock;
import lab.nemesis.Nemesis;
import lab.nemesis.Recipe;

/**
 * Plays one planned fault's recipe through the lab's fault room, the one a scenario's steps and the dashboard's keys
 * use: nothing here reaches a process or a server but through {@link Nemesis}, and the pairing of a fault with its
 * undo is the recipe's.
 */
final class FaultInjector {
    private final Nemesis faults;
    private final Clock clock;

    FaultInjector(Nemesis faults, Clock clock) {
        this.faults = faults;
        this.clock = clock;
    }

    InjectedFault inject(PlannedFault fault) throws InterruptedException {
        Recipe.Played played = fault.recipe().play(faults, clock, time -> Thread.sleep(time.toMillis()));
        return new InjectedFault(fault, played.startedAt(), played.endedAt(), played.results());
    }
}
