package lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import lab.protocol.BadFieldException;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.scenario.ScenarioException;
import lab.scenario.ScenarioParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every knob, walked from its declaration: accepted exactly where its scope says, and refused everywhere else —
 * on the command line (alone, and beside a scenario), in {@code PUT /mode}'s body, in a scenario's setup and in its
 * mode steps. A knob added to the registry is tested here with no line of its own.
 */
class KnobScopeTest {
    @TempDir
    Path dir;

    static Stream<Knob<?>> knobs() {
        return Knobs.ALL.stream();
    }

    /** A good value of the knob, as every surface writes it. */
    private static <T> String value(Knob<T> k) {
        return k.format(k.defaultValue());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("knobs")
    void each_knob_is_accepted_and_refused_exactly_where_its_scope_says(Knob<?> k) throws Exception {
        String v = value(k);
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "title: t\nsteps:\n  - wait: 1s\n");

        assertThat(run("--list-scenarios", k.option(), v))
                .as("%s on the command line", k)
                .isZero();
        assertThat(run("--list-scenarios", "--scenario", scenario.toString(), k.option(), v))
                .as("%s beside --scenario", k)
                .isEqualTo(k.scope().inSetup() ? Main.BAD_INPUT : 0);

        if (k.scope().live()) {
            assertThat(ModeSpec.defaults(Mode.NAIVE).merge(Map.of(k.name(), v)).toMap())
                    .containsEntry(k.name(), v);
        } else {
            assertThatThrownBy(() -> ModeSpec.defaults(Mode.NAIVE).merge(Map.of(k.name(), v)))
                    .as("%s in PUT /mode", k)
                    .isInstanceOf(BadFieldException.class)
                    .hasMessageContaining("not a live knob");
        }

        String setup = "title: t\nsetup: { " + k.name() + ": " + v + " }\nsteps:\n  - wait: 1s\n";
        String step = "title: t\nsteps:\n  - mode: { " + k.name() + ": " + v + " }\n";
        assertThat(parses(setup)).as("%s in a setup", k).isEqualTo(k.scope().inSetup());
        assertThat(parses(step)).as("%s in a mode step", k).isEqualTo(k.scope().live());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("knobs")
    void a_bad_value_is_refused_with_the_declarations_words_everywhere_it_may_be_set(Knob<?> k) throws Exception {
        String bad = "@bad@";
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(
                new String[] {"--list-scenarios", k.option(), bad},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        // The declaration's own words for this value: what its type says of it, or what its bounds expect.
        BadFieldException said = catchThrowableOfType(BadFieldException.class, () -> k.parse(bad));
        assertThat(said).isNotNull();
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains(k.option())
                .contains(said.notAValue() != null ? said.notAValue() : k.expected());
        if (k.scope().inSetup()) {
            String setup = "title: t\nsetup: { " + k.name() + ": '" + bad + "' }\nsteps:\n  - wait: 1s\n";
            assertThat(errorOf(setup)).contains("setup." + k.name() + ": " + said.problem());
        }
        if (k.scope().live()) {
            assertThatThrownBy(() -> ModeSpec.defaults(Mode.NAIVE).merge(Map.of(k.name(), bad)))
                    .hasMessage("field '" + k.name() + "': " + said.problem());
        }
    }

    private int run(String... args) {
        return Main.run(
                args,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    private boolean parses(String text) throws Exception {
        return errorOf(text) == null;
    }

    private String errorOf(String text) throws Exception {
        Path f = Files.writeString(Files.createTempFile(dir, "k", ".yaml"), text);
        try {
            ScenarioParser.parse(f);
            return null;
        } catch (ScenarioException e) {
            return e.getMessage();
        }
    }
}
