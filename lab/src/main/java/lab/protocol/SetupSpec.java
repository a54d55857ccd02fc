package lab.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The knobs fixed while the lab runs — set up ({@code workers}, {@code every}, …) and command line only ({@code
 * servers}) — one value each, keyed by the knob's declaration in {@link Knobs}, as {@link ModeSpec} holds the live
 * ones. The command line and a scenario's setup fill it by walking the declarations, so a new set-up knob needs no
 * line here, nor in either reader: {@code settings.setup().get(Knobs.STORE)}.
 */
public final class SetupSpec {
    private final Map<Knob<?>, Object> values;

    private SetupSpec(Map<Knob<?>, Object> values) {
        this.values = values;
    }

    /** The knobs it holds: every knob that is not live, in the order of {@link Knobs#ALL}. */
    public static List<Knob<?>> knobs() {
        return Knobs.ALL.stream().filter(k -> !k.scope().live()).toList();
    }

    /** Every knob at its default. */
    public static SetupSpec defaults() {
        Map<Knob<?>, Object> m = new LinkedHashMap<>();
        for (Knob<?> k : knobs()) {
            m.put(k, k.defaultValue());
        }
        return new SetupSpec(m);
    }

    /** The value of {@code knob}. */
    public <T> T get(Knob<T> knob) {
        if (!values.containsKey(knob)) {
            throw new IllegalStateException(knob.name() + " is live: it is in the ModeSpec, not the setup");
        }
        @SuppressWarnings("unchecked") // with() took a T for this very knob
        T value = (T) values.get(knob);
        return value;
    }

    /** This setup with {@code knob} at {@code value}; throws, naming the knob, for a value out of its bounds. */
    public <T> SetupSpec with(Knob<T> knob, T value) {
        get(knob);
        Map<Knob<?>, Object> m = new LinkedHashMap<>(values);
        m.put(knob, knob.check(value));
        return new SetupSpec(m);
    }

    /**
     * This setup with no worker of the lab's own ({@code --workers 0}), which no knob allows: a dashboard whose
     * workers all attach from elsewhere (a Kubernetes pod) runs none.
     */
    public SetupSpec noWorkersOfItsOwn() {
        Map<Knob<?>, Object> m = new LinkedHashMap<>(values);
        m.put(Knobs.WORKERS, 0);
        return new SetupSpec(m);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SetupSpec other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        Map<String, String> m = new LinkedHashMap<>();
        values.keySet().forEach(k -> m.put(k.name(), text(k)));
        return m.toString();
    }

    private <T> String text(Knob<T> knob) {
        return knob.format(get(knob));
    }
}
