package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import lab.nemesis.Fault;
import lab.nemesis.FaultResult;
import lab.nemesis.ServerName;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.OnLockError;
import lab.protocol.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerToggleTest {
    @TempDir
    Path dir;

    @Test
    void a_server_key_pressed_before_the_lab_started_says_so_instead_of_failing() {
        try (Lab lab = new Lab(TestLabs.settings(1, ModeSpec.defaults(Mode.NAIVE), Duration.ofSeconds(1), dir))) {
            assertThat(lab.faults()
                            .inject(lab.faults().toggle(ServerName.REDIS))
                            .line())
                    .isEqualTo("redis server: the lab has not started yet");
            FaultResult stop = lab.faults().inject(new Fault.ServerStop(ServerName.POSTGRES));
            assertThat(stop).isInstanceOf(FaultResult.Refused.class);
            assertThat(stop.line()).isEqualTo("postgres server: the lab has not started yet");
        }
    }

    @Test
    void a_server_down_line_names_the_key_only_at_the_dashboard_and_the_table_when_it_lives_there() {
        LabSettings s = TestLabs.settings(
                1,
                ModeSpec.defaults(Mode.FENCED).with(Knobs.ON_LOCK_ERROR, OnLockError.SKIP),
                Duration.ofSeconds(1),
                dir);
        LabSettings onPostgres = new LabSettings(
                s.workers(),
                s.hosts(),
                s.spec(),
                s.every(),
                s.trigger(),
                s.jitter(),
                s.duration(),
                s.summaryJson(),
                s.runsDir(),
                s.job(),
                Store.POSTGRES,
                s.redisUrl(),
                s.pgUrl(),
                s.servers(),
                s.switches());
        try (Lab lab = new Lab(onPostgres)) {
            Faults toggle = (Faults) lab.faults();
            assertThat(toggle.downConsequence(ServerName.POSTGRES))
                    .isEqualTo("modes that need it fail closed (on-lock-error skip); the counter table is on it: no"
                            + " row is written until it is back");
            assertThat(toggle.downConsequence(ServerName.REDIS))
                    .isEqualTo("modes that need it fail closed (on-lock-error skip)");

            toggle.atTheKeys();

            assertThat(toggle.downConsequence(ServerName.REDIS))
                    .isEqualTo("modes that need it fail closed (on-lock-error skip); R starts it again");
        }
    }
}
