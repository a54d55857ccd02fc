package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import lab.cli.Main;
import lab.protocol.Mode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BadInputTest {
    @TempDir
    Path runs;

    @ParameterizedTest(name = "{0} is refused naming {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--bogus                 | Unknown option: '--bogus'",
                "--mode chaos            | '--mode': 'chaos' is not a mode (expected one of {modes})",
                "--workers 0             | '--workers': '0' (expected a whole number from 1 to 64)",
                "--workers 0 --token-file t | '--workers': '0' (expected a whole number from 1 to 64)",
                "--attach 70000          | '--attach': '70000' (expected a port from 0 to 65535 (0: any free port))",
                "--attach many           | '--attach'",
                "--token-file t          | '--token-file': 't' (expected --token-file only with --attach",
                "--attach 0 --token-file no-such-file | '--token-file': 'no-such-file' (expected a readable file holding one line, the session's token)",
                "--workers 65            | '--workers': '65' (expected a whole number from 1 to 64)",
                "--workers many          | '--workers'",
                "--hosts 0               | '--hosts': '0' (expected a whole number from 1 to 8, and no more than the workers)",
                "--workers 2 --hosts 3   | '--hosts': '3' (expected at most one host per worker: 2 with --workers 2)",
                "--every 0s              | '--every': '0s' (expected a period of 100ms or more",
                "--every 1ms             | '--every': '1ms' (expected a period of 100ms or more",
                "--every 99999999999999999999s | '--every': '99999999999999999999s' is longer than a day (expected at most 24h)",
                "--speed 2               | '--speed': '2' (expected --speed only with --scenario: it divides a scenario's waits)",
                "--reading-pace 0.5      | '--reading-pace': '0.5' (expected --reading-pace only with --scenario: it times a scenario's captions)",
                "--scenario ../scenarios/01-naive.yaml --reading-pace 0 | '--reading-pace': '0.0' (expected a number above 0, such as 0.5 (slower) or 2)",
                "--scenario ../scenarios/01-naive.yaml --reading-pace slow | '--reading-pace'",
                "--also-judge x.yaml     | '--also-judge': 'x.yaml' (expected --also-judge only with --scenario",
                "--scenario ../scenarios/01-naive.yaml --also-judge ../scenarios/03-redis.yaml | --also-judge ../scenarios/03-redis.yaml: its setup differs from the scenario's; expected the scenario's setup and steps with other expectations",
                "--scenario ../scenarios/01-naive.yaml --workers 3 | '--workers': '3' (expected no --workers with --scenario: the scenario's setup decides it)",
                "--every banana          | '--every': 'banana' is not a duration (expected a number and a unit",
                "--task-time -1s         | '--task-time'",
                "--duration 0            | '--duration': '0' (expected a duration above 0",
                "--store mysql           | '--store': 'mysql' (expected h2 or postgres)",
                "--redis-url localhost   | '--redis-url': 'localhost' (expected redis://host:port or redis://:password@host:port/db)",
                "--redis-url redis://:hunter2@nowhere | '--redis-url': 'redis://:***@nowhere' (expected redis://host:port",
                "--redis-url redis://hunter2@nowhere:6379 | '--redis-url': 'redis://***@nowhere:6379' (expected redis://host:port",
                "--servers banana        | '--servers': 'banana' (expected auto, machine or embedded)",
                "--pg-url postgres://x   | '--pg-url': 'postgres://x' (expected a JDBC URL",
                "--release maybe         | '--release': 'maybe' (expected safe or unsafe)",
                "--pg-lock block         | '--pg-lock': 'block' (expected try or wait)",
                "--recheck yes           | '--recheck': 'yes' (expected on or off)",
                "--lock-ttl 0            | '--lock-ttl': '0' (expected a duration above 0, such as 500ms or 2s)",
                "--mode shedlock --renew on --lock-ttl 5s | '--renew': renew on is ShedLock's KeepAliveLockProvider, which refuses a lockAtMostFor under 30s",
                "--mode shedlock --hold-at-least 2s --lock-ttl 1s | '--hold-at-least': hold-at-least is ShedLock's lockAtLeastFor, which may not exceed its lockAtMostFor",
                "--mode redisson --renew on --hold-at-least window | '--hold-at-least': hold-at-least leaves Redisson's lock to expire at the hold's end, but with renew on its watchdog renews the lock",
                "--switch 5s=chaos       | '--switch' (AT=MODE): 'chaos' is not a mode",
                "--switch redis          | '--switch' (AT=MODE): 'redis' is not AT=MODE",
                "--lang fr               | '--lang': 'fr' (expected en or zh)",
                "--duration 10s --switch 12s=redis | '--switch': '12s=redis' (expected an offset before the end of the run (--duration 10s))",
            })
    void bad_input_is_one_line_on_stderr_exit_2_and_nothing_started(String args, String refusal) {
        // A list of every mode is the registry's, which a mode of the test sources joins: never written out here.
        String expected = refusal.replace("{modes}", Mode.names());
        java.util.Set<Long> before = Children.alive();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] argv = (args.trim() + " --headless --runs-dir " + runs).split("\\s+");

        int code = Main.run(
                argv,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(code).isEqualTo(2);
        assertThat(stderr.lines()).hasSize(1);
        assertThat(stderr).startsWith("error: ").contains(expected).doesNotContain("hunter2");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(Children.alive()).as("children left behind").isSubsetOf(before);
        assertThat(runs).isEmptyDirectory();
    }

    @org.junit.jupiter.api.Test
    void a_value_with_a_line_break_in_it_is_still_refused_in_one_line() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = Main.run(
                new String[] {"--mode", "red\nis", "--headless", "--runs-dir", runs.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(code).isEqualTo(2);
        assertThat(stderr.lines()).as(stderr).hasSize(1);
        assertThat(stderr).startsWith("error: Invalid value for option '--mode': 'red is' is not a mode");
    }

    @org.junit.jupiter.api.Test
    void a_scenario_path_with_a_line_break_in_it_is_still_refused_in_one_line() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = Main.run(
                new String[] {"--scenario", "no/such\nfile.yaml", "--headless", "--runs-dir", runs.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(code).isEqualTo(2);
        assertThat(stderr.lines()).as(stderr).hasSize(1);
        assertThat(stderr).startsWith("error: no/such file.yaml: no such file");
    }
}
