package lab.tui;

import java.util.List;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;

/** The knobs the panel lists, read from a spec: their values as every surface writes them, and their next step. */
final class LiveKnobs {
    private LiveKnobs() {}

    /** In the order the help and the summary list them. */
    static List<Knob<?>> list() {
        return Knobs.live();
    }

    static <T> String value(Knob<T> knob, ModeSpec spec) {
        return knob.format(spec.get(knob));
    }

    static <T> String nextValue(Knob<T> knob, ModeSpec spec) {
        return knob.format(knob.next(spec.get(knob)));
    }

    /** The change Enter sends: {@code knob} at the step after its value in {@code spec}. */
    static <T> ModeChange nextChange(Knob<T> knob, ModeSpec spec) {
        return ModeChange.of(knob, knob.next(spec.get(knob)));
    }

    /**
     * Whether the guard of {@code spec}'s mode reads {@code knob}. The mode itself and the task time always matter:
     * the first chooses the guard, the second is the job every guard wraps.
     */
    static boolean matters(Knob<?> knob, ModeSpec spec) {
        return knob == Knobs.MODE || knob == Knobs.TASK_TIME || knob.concerns(spec.mode());
    }
}
