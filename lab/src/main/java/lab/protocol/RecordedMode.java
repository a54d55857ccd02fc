package lab.protocol;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A mode as a recording describes it, for a reader whose JVM does not know it: a learner's mode, which only an exam's
 * launcher registers, read again by {@code ./run.sh report} in a JVM of its own. It carries what the recording says
 * (its name, its lock, what the lab readied for it) and nothing it does not: no key, no knobs of its own, and it
 * refuses no knobs, since a recording says what was, not what may be.
 */
record RecordedMode(String cliName, Lock lock, List<Need> needed) implements Mode {
    RecordedMode {
        needed = List.copyOf(needed);
    }

    @Override
    public Optional<Character> key() {
        return Optional.empty();
    }

    /** The colour of a mode loaded at run time: the recording does not say it, and no view of a recording draws it. */
    @Override
    public Hue hue() {
        return Hue.MAGENTA;
    }

    @Override
    public Set<Knob<?>> concerns() {
        return Set.of();
    }

    @Override
    public Set<Need> needs() {
        return Set.copyOf(needed);
    }

    @Override
    public Scheduling scheduling() {
        return lock.sight() == Sight.CLUSTER ? Scheduling.OWNS_THE_SCHEDULE : Scheduling.AROUND_THE_JOB;
    }

    @Override
    public void checkKnobs(ModeSpec spec) {}

    /** None: the recorded spec holds every knob the line named, and the stand-in declares none of its own. */
    @Override
    public List<Knob<?>> ownKnobs() {
        return List.of();
    }

    /** None: a stand-in is read back from a recording, never sent to a worker to load. */
    @Override
    public Optional<RuntimeMode> runtime() {
        return Optional.empty();
    }

    @Override
    public String toString() {
        return cliName;
    }
}
