package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher in the C locale, as a new user's {@code su -} login or a minimal container starts it: Java then
 * encodes its stdout in US-ASCII. The test sets the locale itself, so it decides the same whatever the machine's.
 */
class CLocaleRunTest {
    @TempDir
    Path work;

    @Test
    void a_headless_redis_run_in_the_C_locale_prints_the_lock_replies_arrow_as_two_ASCII_characters() throws Exception {
        // One worker: nobody contends, so every tick's line is the SET that got the lock ("→ OK").
        try (LauncherProcess lab = LauncherProcess.start(
                work,
                Map.of("LC_ALL", "C", "LANG", "C"),
                "--headless",
                "--mode",
                "redis",
                "--workers",
                "1",
                "--every",
                "1s",
                "--task-time",
                "200ms",
                "--duration",
                "2s",
                "--runs-dir",
                work.resolve("runs").toString())) {
            assertThat(lab.awaitExit(Duration.ofSeconds(90)))
                    .as("exit code; stderr: %s", lab.err)
                    .isZero();
            List<String> all = new ArrayList<>(lab.out);
            all.addAll(lab.err);

            assertThat(lab.out).anySatisfy(l -> assertThat(l)
                    .contains(" acquired ")
                    .contains(" NX PX ")
                    .endsWith(" -> OK"));
            assertThat(all)
                    .allSatisfy(l -> assertThat(
                                    StandardCharsets.US_ASCII.newEncoder().canEncode(l))
                            .as("US-ASCII encodes: %s", l)
                            .isTrue())
                    .noneSatisfy(l -> assertThat(l).contains("?"));
        }
    }
}
