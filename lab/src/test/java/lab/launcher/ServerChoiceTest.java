package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import lab.cli.Main;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.ServerSource;
import lab.protocol.Store;
import lab.servers.RedisServer;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the servers come from, as a user chooses it: a forced source that cannot start fails only the runs that
 * need it; external URLs, from a flag or the environment, may carry a password that the lab never shows, and a
 * wrong one is refused in the server's own words.
 */
class ServerChoiceTest {
    @TempDir
    Path work;

    @Test
    void a_forced_machine_source_without_redis_fails_a_redis_run_with_exit_3_naming_the_server_and_why()
            throws Exception {
        Path emptyPath = Files.createDirectories(work.resolve("bin"));
        try (LauncherProcess lab = LauncherProcess.start(
                work,
                Map.of("PATH", emptyPath.toString()),
                "--headless",
                "--servers",
                "machine",
                "--mode",
                "redis",
                "--workers",
                "1",
                "--duration",
                "2s",
                "--runs-dir",
                work.resolve("runs").toString())) {
            assertThat(lab.awaitExit(Duration.ofSeconds(60))).isEqualTo(Main.START_FAILED);
            assertThat(lab.err).anySatisfy(l -> assertThat(l)
                    .startsWith("error: redis server could not start at 127.0.0.1:")
                    .endsWith(": --servers machine: no redis-server on this machine's PATH"));
        }
    }

    @Test
    void a_forced_source_that_cannot_start_is_one_warning_for_a_run_that_does_not_need_it() throws Exception {
        Path emptyPath = Files.createDirectories(work.resolve("bin"));
        try (LauncherProcess lab = LauncherProcess.start(
                work,
                Map.of("PATH", emptyPath.toString()),
                "--headless",
                "--servers",
                "machine",
                "--workers",
                "1",
                "--every",
                "1s",
                "--duration",
                "3s",
                "--runs-dir",
                work.resolve("runs").toString())) {
            assertThat(lab.awaitExit(Duration.ofSeconds(60))).isZero();
            assertThat(lab.out)
                    .contains("warning: redis server could not start: --servers machine: no redis-server on this"
                            + " machine's PATH; modes that need it are refused");
        }
    }

    @Test
    void an_external_redis_from_the_environment_is_used_and_its_password_never_shown() throws Exception {
        RedisServer redis = TestServers.redis();
        try (LauncherProcess lab = LauncherProcess.start(
                work,
                Map.of("LAB_REDIS_URL", redis.url()),
                "--headless",
                "--mode",
                "redis",
                "--workers",
                "2",
                "--every",
                "1s",
                "--task-time",
                "200ms",
                "--duration",
                "3s",
                "--runs-dir",
                work.resolve("runs").toString())) {
            assertThat(lab.awaitExit(Duration.ofSeconds(60))).isZero();
            assertThat(lab.out)
                    .contains(
                            "  server redis external at redis://:***@" + redis.address() + " (not started by the lab)")
                    .anySatisfy(l -> assertThat(l).contains("executed tick"))
                    .noneSatisfy(l -> assertThat(l).contains(TestServers.PASSWORD));
            assertThat(lab.err).noneSatisfy(l -> assertThat(l).contains(TestServers.PASSWORD));
        }
    }

    @Test
    void a_wrong_password_in_an_external_url_refuses_the_mode_in_the_servers_own_words_masked() throws Exception {
        String redisUrl = "redis://:letmein@" + TestServers.redis().address();
        String pgUrl =
                "jdbc:postgresql://" + TestServers.postgres().address() + "/postgres?user=postgres&password=letmein";
        LabSettings settings = new LabSettings(
                2,
                1,
                ModeSpec.defaults(Mode.NAIVE),
                Duration.ofSeconds(1),
                lab.protocol.Trigger.CRON,
                lab.protocol.Knobs.JITTER.defaultValue(),
                Duration.ofMinutes(5),
                null,
                work.resolve("runs"),
                "tick",
                Store.H2,
                redisUrl,
                pgUrl,
                ServerSource.AUTO,
                List.of());
        try (Lab lab = new Lab(settings)) {
            lab.start(line -> {});

            String redis = lab.control().switchMode(ModeChange.to(Mode.REDIS)).line();
            String postgres =
                    lab.control().switchMode(ModeChange.to(Mode.POSTGRES)).line();

            assertThat(redis)
                    .startsWith("switch to redis refused by every worker")
                    .contains("redis at redis://:***@" + TestServers.redis().address() + " unreachable: WRONGPASS")
                    .doesNotContain("letmein");
            assertThat(postgres)
                    .startsWith("switch to postgres refused by every worker")
                    .contains("password authentication failed")
                    .doesNotContain("letmein");
            assertThat(lab.view().spec().mode()).isEqualTo(Mode.NAIVE);
        }
    }
}
