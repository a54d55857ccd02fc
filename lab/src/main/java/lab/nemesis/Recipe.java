package lab.nemesis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A fault with its undo and how long it holds, as Jepsen's nemeses own their start and stop: the faults done at once,
 * the time they stand, what undoes them, and the time the lab is then watched while the ticks they could hurt go by.
 * Keys, a soak, the matrix and the exam compose these ({@link Recipes}); none pairs a fault with its undo itself.
 *
 * <p>Every fault is aimed at a tick that begins at or after the moment it is done ({@link Fault#fromTickAt}), so that
 * a fault on the holder never hurts a tick that began before it.
 *
 * @param faults  done in order, one after the other with no wait (none: the lab is only watched)
 * @param holds   how long they stand before the undo
 * @param undo    what undoes them, in order; none where the lab's supervisor brings a killed worker back itself
 * @param settles how long the lab is watched after the undo: the ticks the fault can still hurt
 */
public record Recipe(List<Fault> faults, Duration holds, List<Fault> undo, Duration settles) {
    public Recipe {
        faults = List.copyOf(faults);
        undo = List.copyOf(undo);
    }

    /** One fault, standing {@code holds}, then the one that undoes it. */
    public static Recipe of(Fault fault, Duration holds, Fault undo) {
        return new Recipe(List.of(fault), holds, List.of(undo), Duration.ZERO);
    }

    /** No fault: the lab is watched for {@code time}, as a fault set at its start (a skewed clock) wants. */
    public static Recipe watch(Duration time) {
        return new Recipe(List.of(), Duration.ZERO, List.of(), time);
    }

    /** The same, watched {@code time} after its undo. */
    public Recipe settling(Duration time) {
        return new Recipe(faults, holds, undo, time);
    }

    /** Lets time pass on the clock the faults are timed by: a lab's own, a virtual one in a test. */
    @FunctionalInterface
    public interface Sleep {
        void sleep(Duration time) throws InterruptedException;
    }

    /**
     * A recipe as it was played: when its first fault was done, when its undo was (the lab whole again), and the
     * room's answer to each fault and undo in order.
     */
    public record Played(Instant startedAt, Instant endedAt, List<FaultResult> results) {
        public Played {
            results = List.copyOf(results);
        }
    }

    /** Does it through {@code nemesis}, whole: the faults, the hold, the undo, the settle, timed by {@code clock}. */
    public Played play(Nemesis nemesis, Clock clock, Sleep sleep) throws InterruptedException {
        Instant started = clock.instant();
        List<FaultResult> results = new ArrayList<>(inject(nemesis, clock, faults));
        pause(sleep, holds);
        results.addAll(inject(nemesis, clock, undo));
        Instant ended = clock.instant();
        pause(sleep, settles);
        return new Played(started, ended, results);
    }

    /**
     * Does its faults alone, on whoever holds the lock now: a key's first press, whose hold is the trainer's until
     * the key undoes it.
     */
    public List<FaultResult> begin(Nemesis nemesis) {
        return faults.stream().map(nemesis::inject).toList();
    }

    /** Does its undo alone: the key's second press, or a lab bringing back what a fault left down. */
    public List<FaultResult> end(Nemesis nemesis) {
        return undo.stream().map(nemesis::inject).toList();
    }

    /** Each fault as the clock stands when it is done, aimed at a tick that begins then or after. */
    private static List<FaultResult> inject(Nemesis nemesis, Clock clock, List<Fault> faults) {
        List<FaultResult> results = new ArrayList<>();
        for (Fault f : faults) {
            results.add(nemesis.injectFrom(clock.instant(), f));
        }
        return results;
    }

    /** No wait for a hold of zero: a kill is undone at once, with no sleep between. */
    private static void pause(Sleep sleep, Duration time) throws InterruptedException {
        if (!time.isZero()) {
            sleep.sleep(time);
        }
    }
}
