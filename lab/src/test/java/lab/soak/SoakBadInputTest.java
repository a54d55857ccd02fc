package lab.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import lab.cli.Main;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SoakBadInputTest {
    @TempDir
    static Path dir;

    @ParameterizedTest(name = "soak {0} is refused naming {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--mode naive                  | '--mode': 'naive' (expected idempotent or fenced",
                "--mode fenced --minutes 0     | '--minutes': '0' (expected a whole number of minutes from 1 to 1440",
                "--mode fenced --minutes half  | '--minutes': 'half' (expected a whole number of minutes",
                "--mode fenced --seed x        | '--seed': 'x' (expected a whole number, such as 42)",
                "--mode idempotent --summary-json DIR | '--summary-json'",
                "--minutes 1                   | Missing required option: '--mode=MODE'",
            })
    void bad_input_is_one_line_on_stderr_exit_2_and_nothing_started(String args, String expected) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] argv = ("soak " + args.replace("DIR", dir.toString()) + " --runs-dir " + dir.resolve("runs"))
                .trim()
                .split("\\s+");

        int code = Main.run(
                argv,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String said = err.toString(StandardCharsets.UTF_8);
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(said.lines()).hasSize(1);
        assertThat(said).contains(expected);
        assertThat(out.toString(StandardCharsets.UTF_8)).as("nothing started").isEmpty();
        assertThat(dir.resolve("runs")).doesNotExist();
    }
}
