package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each broken fixture states on its first line the message it must produce ({@code # error: line:col: text}); the
 * lead's replay tests use the same files to prove that bad input exits 2 before anything starts.
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
        String expected = file + ":" + header.substring("# error: ".length());

        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> ScenarioParser.parse(file));

        assertThat(e).as("%s must not parse", file).isNotNull();
        assertThat(e.getMessage()).startsWith(expected).doesNotContain("\n").doesNotContain("Exception");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void a_broken_file_says_what_was_expected(Path file) {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> ScenarioParser.parse(file));
        assertThat(e.problem()).containsAnyOf("expected", "not valid YAML", "not UTF-8");
    }
}
