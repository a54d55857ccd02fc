package lab.check;

import java.util.List;
import lab.protocol.Mode;

/**
 * A mode as the recording describes it on its {@code mode} and {@code switch} lines: its lock and what the lab readied
 * for it. The rules ask this, never the running JVM's registry, so that a recording means the same in any JVM.
 */
record ModeSeen(Mode.Lock lock, List<Mode.Need> needs) {
    /** A mode the recording does not describe (a hand-written line with no mode line): no lock it can name. */
    static final ModeSeen UNDESCRIBED = new ModeSeen(null, List.of());

    ModeSeen {
        needs = List.copyOf(needs);
    }

    /** How its lock is seen; null when the recording does not say. */
    Mode.Sight sight() {
        return lock == null ? null : lock.sight();
    }

    boolean needs(Mode.Need need) {
        return needs.contains(need);
    }
}
