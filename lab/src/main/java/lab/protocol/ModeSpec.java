package lab.protocol;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A mode and the knobs its guard reads: what the launcher sends at start and in {@code PUT /mode}. Knobs a mode
 * does not use are carried along unchanged, so that switching back finds them as they were.
 *
 * <p>It holds one value per live knob of {@link Knobs#ALL} (the shared ones and every registered mode's own), keyed by
 * the knob's declaration, which says its type, name,
 * bounds and default: a new live knob needs no line here. Read one with {@code spec.get(Knobs.LOCK_TTL)}, change one
 * with {@code spec.with(Knobs.LOCK_TTL, d)}; every value is checked against its knob whenever a spec is made.
 */
public final class ModeSpec {
    /** Every live knob, in the order of {@link Knobs#live()}: the wire, the summary and the mode event keep it. */
    private final Map<Knob<?>, Object> values;

    private ModeSpec(Map<Knob<?>, Object> values) {
        Map<Knob<?>, Object> checked = new LinkedHashMap<>();
        for (Knob<?> k : Knobs.live()) {
            checked.put(k, checked(k, values.get(k)));
        }
        this.values = checked;
    }

    private static <T> T checked(Knob<T> knob, Object value) {
        @SuppressWarnings("unchecked") // every value came in through with(knob, T) or a knob's default
        T typed = (T) value;
        return knob.check(typed);
    }

    /** {@code mode} with every other knob at its default. */
    public static ModeSpec defaults(Mode mode) {
        Map<Knob<?>, Object> m = new LinkedHashMap<>();
        for (Knob<?> k : Knobs.live()) {
            m.put(k, k.defaultValue());
        }
        m.put(Knobs.MODE, mode);
        return new ModeSpec(m);
    }

    /** The mode: which guard the worker builds. */
    public Mode mode() {
        return get(Knobs.MODE);
    }

    /** The value of the live knob {@code knob}. */
    public <T> T get(Knob<T> knob) {
        if (!values.containsKey(knob) && knob.scope().live() && Knobs.live().contains(knob)) {
            // The knob of a mode registered after this spec was made: it is at its default here.
            return knob.defaultValue();
        }
        if (!values.containsKey(knob)) {
            throw new IllegalStateException(knob.name() + " is not a knob of the mode: it is "
                    + knob.scope().where());
        }
        @SuppressWarnings("unchecked") // with() took a T for this very knob
        T value = (T) values.get(knob);
        return value;
    }

    /** This spec with {@code knob} at {@code value}; throws, naming the knob, for a value out of its bounds. */
    public <T> ModeSpec with(Knob<T> knob, T value) {
        get(knob); // a knob that is not live is refused by name
        Map<Knob<?>, Object> m = new LinkedHashMap<>(values);
        m.put(knob, knob.check(value));
        return new ModeSpec(m);
    }

    /**
     * This spec, once its mode has accepted its knobs taken together (each was checked alone as it was set); throws
     * {@link BadFieldException} naming the knob the mode refuses, and why.
     */
    public ModeSpec accepted() {
        mode().checkKnobs(this);
        return this;
    }

    /** Every live knob, in order, with its value as the command line writes it. */
    public Map<Knob<?>, String> texts() {
        Map<Knob<?>, String> m = new LinkedHashMap<>();
        for (Knob<?> k : values.keySet()) {
            m.put(k, text(k));
        }
        return m;
    }

    /** The wire form: every live knob by name, as text (the JSON codec's own shape; elsewhere {@link #texts}). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        texts().forEach((k, v) -> m.put(k.name(), v));
        return m;
    }

    private <T> String text(Knob<T> knob) {
        return knob.format(get(knob));
    }

    /**
     * This spec with the knobs named in {@code changes} set (any may be left out): the wire form of a switch.
     * Throws {@link BadFieldException} naming the first field that is unknown, not live, or has a bad value.
     */
    public ModeSpec merge(Map<String, ?> changes) {
        ModeSpec s = this;
        for (Map.Entry<String, ?> e : changes.entrySet()) {
            Knob<?> knob = Knobs.byName(e.getKey())
                    .orElseThrow(() -> new BadFieldException(e.getKey(), "one of " + Knobs.names(Knobs.live())));
            if (!knob.scope().live()) {
                throw new BadFieldException(
                        e.getKey(),
                        null,
                        null,
                        "not a live knob: it is " + knob.scope().where() + " (expected one of "
                                + Knobs.names(Knobs.live()) + ")");
            }
            Object v = e.getValue();
            s = knob.set(s, v instanceof Boolean b ? (b ? "on" : "off") : String.valueOf(v));
        }
        return s.accepted();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModeSpec other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    /** {@code {mode=redis, task-time=300ms, …}}: as the wire has it. */
    @Override
    public String toString() {
        return toMap().toString();
    }
}
