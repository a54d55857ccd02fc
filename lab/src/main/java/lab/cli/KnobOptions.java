package lab.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.protocol.BadFieldException;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.ModeSpec;
import lab.protocol.SetupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * One command-line option for every knob of {@link Knobs}, made from its declaration: name, value label, help and
 * default. A bad value is refused with the knob's own words, naming the option.
 */
final class KnobOptions {
    private KnobOptions() {}

    /** Adds an option per knob to {@code spec}. */
    static void addTo(CommandSpec spec) {
        for (Knob<?> k : Knobs.ALL) {
            spec.addOption(OptionSpec.builder(k.option())
                    .paramLabel(k.label())
                    .type(String.class)
                    .description(k.help() + " (default: " + defaultText(k) + ")")
                    .build());
        }
    }

    private static <T> String defaultText(Knob<T> k) {
        return k.format(k.defaultValue());
    }

    /** The knobs' values as given on the command line (their defaults where not given). */
    static final class Given {
        private final Map<Knob<?>, Object> values;
        private final List<String> inSetup;

        private Given(Map<Knob<?>, Object> values, List<String> inSetup) {
            this.values = values;
            this.inSetup = inSetup;
        }

        @SuppressWarnings("unchecked")
        <T> T get(Knob<T> knob) {
            return (T) values.get(knob);
        }

        /** The first mode and its knobs. */
        ModeSpec spec() {
            ModeSpec s = ModeSpec.defaults(get(Knobs.MODE));
            for (Knob<?> k : Knobs.live()) {
                s = write(s, k);
            }
            return s;
        }

        /** The knobs fixed while the lab runs, as given. */
        SetupSpec setup() {
            SetupSpec s = SetupSpec.defaults();
            for (Knob<?> k : SetupSpec.knobs()) {
                s = into(s, k);
            }
            return s;
        }

        /** {@code s} with {@code k} as given; {@code --workers 0} only where {@link #read} allowed it. */
        <T> SetupSpec into(SetupSpec s, Knob<T> k) {
            return k == Knobs.WORKERS && get(Knobs.WORKERS) == 0 ? s.noWorkersOfItsOwn() : s.with(k, get(k));
        }

        private <T> ModeSpec write(ModeSpec s, Knob<T> k) {
            return s.with(k, get(k));
        }

        /** The options of knobs that a scenario's setup decides: refused beside {@code --scenario}. */
        List<String> inSetup() {
            return inSetup;
        }
    }

    /** Reads every knob's option; throws for the first bad value, naming its option and what was expected. */
    static Given read(CommandSpec spec) {
        return read(spec, false);
    }

    /**
     * As {@link #read(CommandSpec)}; with {@code attaching}, {@code --workers 0} too: a dashboard whose workers all
     * attach from elsewhere (a Kubernetes pod) runs none of its own.
     */
    static Given read(CommandSpec spec, boolean attaching) {
        Map<Knob<?>, Object> values = new LinkedHashMap<>();
        for (Knob<?> k : Knobs.ALL) {
            String text = spec.findOption(k.option()).getValue();
            if (attaching && k == Knobs.WORKERS && text != null && text.strip().equals("0")) {
                values.put(k, 0);
                continue;
            }
            try {
                values.put(k, text == null ? k.defaultValue() : k.parse(text));
            } catch (BadFieldException e) {
                throw refusal(spec, k, text, e);
            }
        }
        List<String> inSetup = Knobs.ALL.stream()
                .filter(k -> k.scope().inSetup())
                .map(Knob::option)
                .toList();
        return new Given(values, inSetup);
    }

    private static ParameterException refusal(CommandSpec spec, Knob<?> k, String text, BadFieldException e) {
        if (e.notAValue() != null) {
            return new ParameterException(
                    spec.commandLine(), "Invalid value for option '" + k.option() + "': " + e.notAValue());
        }
        return LabCommand.bad(spec, k.option(), text.strip(), k.expected());
    }
}
