package lab.protocol;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;

/**
 * Every knob of the lab as one list ({@link Knobs#ALL}): the shared ones, and between them each registered mode's own
 * ({@link Mode#ownKnobs()}), in mode order. A read-only view made again whenever a mode has joined the registry, so that a
 * mode registered at run time brings its knobs with it; its knobs are looked up on use, never at class loading, since
 * the registry loads the modes' classes (see {@link Mode}).
 */
final class AllKnobs extends AbstractList<Knob<?>> {
    private final List<Knob<?>> before;
    private final List<Knob<?>> after;

    /** The list last made, and how many modes it was made for: modes are only ever added, so their count tells. */
    private volatile Snapshot snapshot = new Snapshot(-1, List.of());

    private record Snapshot(int modes, List<Knob<?>> knobs) {}

    AllKnobs(List<Knob<?>> before, List<Knob<?>> after) {
        this.before = before;
        this.after = after;
    }

    @Override
    public Knob<?> get(int index) {
        return current().get(index);
    }

    @Override
    public int size() {
        return current().size();
    }

    private List<Knob<?>> current() {
        List<Mode> modes = Modes.live();
        Snapshot s = snapshot;
        if (s.modes() != modes.size()) {
            s = new Snapshot(modes.size(), made(List.copyOf(modes)));
            snapshot = s;
        }
        return s.knobs();
    }

    /** Refuses a mode's knob whose name another knob has: the command line and a scenario find knobs by name. */
    private List<Knob<?>> made(List<Mode> modes) {
        List<Knob<?>> all = new ArrayList<>(before);
        for (Mode m : modes) {
            for (Knob<?> k : m.ownKnobs()) {
                if (all.contains(k)) {
                    continue;
                }
                if (all.stream().anyMatch(o -> o.name().equals(k.name()))
                        || after.stream().anyMatch(o -> o.name().equals(k.name()))) {
                    throw new IllegalStateException(
                            "mode " + m.cliName() + " declares knob " + k.name() + ", a name another knob has");
                }
                all.add(k);
            }
        }
        all.addAll(after);
        return List.copyOf(all);
    }
}
