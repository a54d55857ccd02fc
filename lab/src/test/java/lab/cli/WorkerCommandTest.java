package lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import lab.fleet.AttachServer;
import lab.protocol.AttachGrant;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code ./run.sh worker}: every bad value is one line naming its option and what was expected, exit 2. */
class WorkerCommandTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} is refused naming {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--token-file {token} --store-url jdbc:h2:tcp://h:1/lab | '--report-to': '' (expected http://HOST:PORT",
                "--report-to localhost:7070 --token-file {token} --store-url jdbc:h2:tcp://h:1/lab | '--report-to': 'localhost:7070' (expected http://HOST:PORT",
                "--report-to http://h:7070/x --token-file {token} --store-url jdbc:h2:tcp://h:1/lab | '--report-to': 'http://h:7070/x' (expected http://HOST:PORT",
                "--report-to http://h:7070 --store-url jdbc:h2:tcp://h:1/lab | '--token-file': '' (expected a readable file",
                "--report-to http://h:7070 --token-file {dir}/none --store-url jdbc:h2:tcp://h:1/lab | (expected a readable file holding the session's token",
                "--report-to http://h:7070 --token-file {token} | '--store-url': '' (expected the lab's store as a JDBC URL",
                "--report-to http://h:7070 --token-file {token} --store-url mysql://h/lab | '--store-url': 'mysql://h/lab' (expected jdbc:h2:tcp://",
                "--report-to http://h:7070 --token-file {token} --store-url jdbc:h2:tcp://h:1/lab --id a/b | '--id': 'a/b' (expected a name of letters, digits",
                "--report-to http://h:7070 --token-file {token} --store-url jdbc:h2:tcp://h:1/lab --id lab | '--id': 'lab' (expected a name",
                "--report-to http://h:7070 --token-file {token} --store-url jdbc:h2:tcp://h:1/lab --http-port 70000 | '--http-port': '70000' (expected a port from 0 to 65535",
                "--report-to http://h:7070 --token-file {token} --store-url jdbc:h2:tcp://h:1/lab --redis-url redis://:hunter2@nowhere | '--redis-url': 'redis://:***@nowhere' (expected redis://host:port",
                "--report-to http://h:7070 --token-file {token} --store-url jdbc:h2:tcp://h:1/lab --pg-url postgres://x | '--pg-url': 'postgres://x' (expected a JDBC URL",
                "--bogus                 | Unknown option: '--bogus'",
            })
    void bad_input_is_one_line_on_stderr_and_exit_2(String args, String expected) throws Exception {
        Path token = Files.writeString(dir.resolve("token"), "t0ken\n");
        String[] argv = ("worker "
                        + args.trim().replace("{token}", token.toString()).replace("{dir}", dir.toString()))
                .split("\\s+");
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = run(argv, err);

        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(stderr).isEqualTo(2);
        assertThat(stderr.lines()).hasSize(1);
        assertThat(stderr).startsWith("error: ").contains(expected).doesNotContain("hunter2");
    }

    @Test
    void a_worker_with_the_wrong_token_is_refused_by_the_launcher_in_one_line_and_exits_2() throws Exception {
        Path wrong = Files.writeString(dir.resolve("token"), "not-the-token\n");
        try (AttachServer launcher = new AttachServer(
                "the-token",
                id -> new AttachGrant(
                        id,
                        ModeSpec.defaults(Mode.NAIVE),
                        Duration.ofSeconds(1),
                        Knobs.TRIGGER.defaultValue(),
                        Duration.ZERO,
                        "tick",
                        Clock.systemUTC().instant()),
                e -> {},
                id -> false,
                Clock.systemUTC())) {
            int port = launcher.start(0);
            ByteArrayOutputStream err = new ByteArrayOutputStream();

            int code = run(
                    new String[] {
                        "worker",
                        "--report-to",
                        "http://127.0.0.1:" + port,
                        "--token-file",
                        wrong.toString(),
                        "--store-url",
                        "jdbc:h2:tcp://127.0.0.1:1/lab",
                        "--id",
                        "w9"
                    },
                    err);

            assertThat(code).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8))
                    .isEqualTo("w9 - the launcher at http://127.0.0.1:" + port
                            + " refused to attach w9 (401): wrong session token\n");
            assertThat(launcher.all()).isEmpty();
        }
    }

    private static int run(String[] argv, ByteArrayOutputStream err) {
        return Main.run(
                argv,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }
}
