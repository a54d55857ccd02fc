package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.session.ServerName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerToggleTest {
    @TempDir
    Path dir;

    @Test
    void a_server_key_pressed_before_the_lab_started_says_so_instead_of_failing() {
        try (Lab lab = new Lab(TestLabs.settings(1, ModeSpec.defaults(Mode.NAIVE), Duration.ofSeconds(1), dir))) {
            assertThat(lab.serverToggle().toggle(ServerName.REDIS))
                    .isEqualTo("redis server: the lab has not started yet");
            assertThat(lab.controls().server(ServerName.POSTGRES, false))
                    .isEqualTo("postgres server: the lab has not started yet");
        }
    }
}
