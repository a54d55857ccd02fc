package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each broken fixture states on its first line the message it must produce ({@code # error: line:col: text}); the
 * lead's replay tests use the same files to prove that bad input exits 2 before anything starts. A list the registry
 * decides (every mode, every live knob, every setup key) is written as a placeholder, {@code {modes}}, {@code {live
 * knobs}} or {@code {setup keys}}, and filled from the registry here: a mode or a knob added, in the main sources or
 * the test sources', changes no fixture.
 */
class BrokenScenariosTest {
    static final Path BROKEN = Path.of("src/test/resources/scenarios/broken");

    static Stream<Path> brokenFiles() throws IOException {
        try (Stream<Path> files = Files.list(BROKEN)) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void a_broken_file_gives_one_line_at_the_place_its_header_names(Path file) throws IOException {
        String header = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)
                .lines()
                .findFirst()
                .orElseThrow();
        assertThat(header).as("first line of %s", file).startsWith("# error: ");
        String expected = file + ":" + fromTheRegistry(header.substring("# error: ".length()));

        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> ScenarioParser.parse(file));

        assertThat(e).as("%s must not parse", file).isNotNull();
        assertThat(e.getMessage()).startsWith(expected).doesNotContain("\n").doesNotContain("Exception");
    }

    /** The header's message with each list the registry decides filled in, as the parser writes it. */
    static String fromTheRegistry(String message) {
        return message.replace("{modes}", Mode.names())
                .replace("{live knobs}", String.join(", ", KnobReader.liveKeys()))
                .replace("{setup keys}", String.join(", ", KnobReader.setupKeys()));
    }

    @Test
    void a_list_the_registry_decides_is_filled_from_it() {
        assertThat(fromTheRegistry("{modes} | {live knobs} | {setup keys}"))
                .contains(Mode.values().get(Mode.values().size() - 1).cliName())
                .contains(Knobs.live().get(Knobs.live().size() - 1).name())
                .contains(Knobs.WORKERS.name(), "lock-keys")
                .doesNotContain("{");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void a_broken_file_says_what_was_expected(Path file) {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> ScenarioParser.parse(file));
        assertThat(e.problem()).containsAnyOf("expected", "not valid YAML", "not UTF-8");
    }
}
