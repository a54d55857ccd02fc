package lab.protocol;

import java.util.Comparator;
import java.util.List;

/** Helpers the fact records share. */
final class Facts {
    /**
     * The format of the {@code mode} and {@code switch} facts that describe their mode themselves (its lock and what the
     * lab readies for it). Format 1, before it, named the mode alone and left the rest to the reader's registry: {@link
     * EventCodec} fills it in at reading, so that a run folder kept from then still reads.
     */
    static final int SELF_DESCRIBED = 2;

    private Facts() {}

    /** What the lab readies for {@code mode}, in the declared order: a set, written as a list the same in every JVM. */
    static List<Mode.Need> needs(Mode mode) {
        return mode.needs().stream().sorted(Comparator.naturalOrder()).toList();
    }
}
