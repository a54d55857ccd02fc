package lab.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import lab.launcher.LabSettings;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.session.SwitchMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mode key says at once that the switch is under way, and its answer replaces that once every worker has it. */
class SwitchSaidAtOnceTest {
    @TempDir
    Path dir;

    @Test
    void a_mode_key_flashes_switching_at_once_and_the_answer_once_the_worker_has_put_the_mode_in_force()
            throws Exception {
        LabSettings settings = LabSettings.of(
                        1,
                        ModeSpec.defaults(Mode.NAIVE).with(Knobs.TASK_TIME, Duration.ofMillis(200)),
                        Duration.ofSeconds(1),
                        dir)
                .runningFor(Duration.ofMinutes(5));
        try (LabAtTheKeys at = new LabAtTheKeys(settings).start()) {
            long pid = at.lab.view().worker("w1").orElseThrow().pid();
            // Stopped, the worker cannot answer (the switch waits 10 s for it): the answer cannot overtake the
            // first flash, whatever the machine's load.
            signal("STOP", pid);
            try {
                at.press(new SwitchMode(Mode.LOCAL_MUTEX));
                await().atMost(Duration.ofSeconds(3))
                        .until(
                                () -> String.valueOf(at.screen().flash()),
                                f -> f.startsWith("switching to local-mutex …"));
            } finally {
                signal("CONT", pid);
            }
            await().atMost(Duration.ofSeconds(15))
                    .until(() -> String.valueOf(at.screen().flash()), f -> f.startsWith("switch to local-mutex "));
            assertThat(at.screen().flash()).contains("acknowledged by 1 worker");
        }
    }

    private static void signal(String name, long pid) throws Exception {
        assertThat(new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                        .start()
                        .waitFor())
                .isZero();
    }
}
