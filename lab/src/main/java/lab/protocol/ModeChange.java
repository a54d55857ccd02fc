package lab.protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A switch, typed: the live knobs it sets and their values, in the order given. A key press, a scenario's mode
 * step and a scheduled {@code --switch} all make one; the lab applies it to the spec in force.
 */
public record ModeChange(List<Setting<?>> settings) {
    /** One knob at one value. */
    public record Setting<T>(Knob<T> knob, T value) {
        ModeSpec applyTo(ModeSpec spec) {
            return spec.with(knob, value);
        }

        /** The value as the command line writes it. */
        public String text() {
            return knob.format(value);
        }
    }

    public ModeChange {
        settings = List.copyOf(settings);
    }

    public static <T> ModeChange of(Knob<T> knob, T value) {
        return new ModeChange(List.of(new Setting<>(knob, knob.check(value))));
    }

    /** A change to another mode, every other knob kept. */
    public static ModeChange to(Mode mode) {
        return of(Knobs.MODE, mode);
    }

    /** This change and then {@code knob} at {@code value}. */
    public <T> ModeChange and(Knob<T> knob, T value) {
        List<Setting<?>> more = new ArrayList<>(settings);
        more.add(new Setting<>(knob, knob.check(value)));
        return new ModeChange(more);
    }

    /**
     * {@code spec} with every setting applied, in order, and then accepted by its mode as a whole: a change that sets
     * two knobs together is not refused for the moment between them.
     */
    public ModeSpec applyTo(ModeSpec spec) {
        ModeSpec s = spec;
        for (Setting<?> setting : settings) {
            s = setting.applyTo(s);
        }
        return s.accepted();
    }

    /** The knobs by name, as text: how {@link #toString} shows it. */
    private Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        settings.forEach(s -> m.put(s.knob().name(), s.text()));
        return m;
    }

    /** {@code mode=redis lock-ttl=1s}. */
    public String describe() {
        return settings.stream().map(s -> s.knob().name() + "=" + s.text()).collect(Collectors.joining(" "));
    }

    @Override
    public String toString() {
        return toMap().toString();
    }
}
