package lab.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import lab.launcher.LabSettings;
import lab.protocol.Event;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.RedisPersistence;
import lab.protocol.ServerKnobs;
import lab.session.Action;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Key B restarts the lab's own Redis at once: the recording has its stop and its start, both with restart_after_ms 0,
 * the start with what the server kept, and the line says what that means for the locks it held.
 */
class RedisRestartKeyTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(RedisPersistence.class)
    void key_B_restarts_redis_and_the_line_says_what_it_kept(RedisPersistence persistence) throws Exception {
        LabSettings settings = LabSettings.of(
                        1,
                        ModeSpec.defaults(Mode.REDIS).with(Knobs.TASK_TIME, Duration.ofMillis(200)),
                        Duration.ofSeconds(1),
                        dir)
                .runningFor(Duration.ofMinutes(5))
                .with(ServerKnobs.REDIS_PERSISTENCE, persistence);
        try (LabAtTheKeys at = new LabAtTheKeys(settings).start()) {
            await().atMost(Duration.ofSeconds(10)).until(() -> !at.rows().isEmpty());

            at.press(Action.RESTART_REDIS);

            Event up = await().atMost(Duration.ofSeconds(10)).until(() -> server(at.recording(), true), e -> e != null);
            Event down = server(at.recording(), false);
            assertThat(down.detail())
                    .matches(
                            "redis server stopped for a restart \\(127\\.0\\.0\\.1:\\d+\\), starts" + " again in 0 ms");
            assertThat(((LabFact.Server) down.fact()).restartAfterMs()).isZero();
            assertThat(up.detail())
                    .matches("redis restarted after 0 ms at 127\\.0\\.0\\.1:\\d+ in \\d+ ms: .*")
                    .contains(": " + persistence.kept() + ";");
            LabFact.Server upFact = (LabFact.Server) up.fact();
            assertThat(upFact.restartAfterMs()).isZero();
            assertThat(upFact.persistence()).isEqualTo(persistence.toString());
        }
    }

    private static Event server(List<Event> recording, boolean up) {
        return recording.stream()
                .filter(e -> e.fact() instanceof LabFact.Server s && "redis".equals(s.name()) && s.up() == up)
                .reduce((a, b) -> b)
                .orElse(null);
    }
}
