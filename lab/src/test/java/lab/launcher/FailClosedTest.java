package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import lab.nemesis.ServerName;
import lab.os.SessionFolder;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.protocol.ServerSource;
import lab.servers.Passwords;
import lab.servers.ServerSlot;
import lab.servers.Servers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A lock server that goes away: ticks fail closed, the workers live on, and recover when it is back. */
class FailClosedTest {
    @TempDir
    Path dir;

    @Test
    void with_redis_stopped_every_tick_is_an_error_not_a_run_and_runs_resume_when_it_is_back() throws Exception {
        LabSettings settings = TestLabs.settings(
                2,
                ModeSpec.defaults(Mode.REDIS).with(Knobs.TASK_TIME, Duration.ofMillis(200)),
                Duration.ofMillis(500),
                dir);
        List<Event> events = new CopyOnWriteArrayList<>();
        try (Lab lab = new Lab(settings)) {
            lab.onEvent(events::add);
            lab.start(line -> {});
            await().atMost(Duration.ofSeconds(10)).until(() -> count(events, EventType.EXECUTED, Instant.EPOCH) >= 2);

            assertThat(lab.faults()
                            .inject(lab.faults().toggle(ServerName.REDIS))
                            .line())
                    .startsWith("redis server stopped");
            Instant down = Instant.now();
            // Ticks that fired while Redis was down fail closed; a run caught in the job may add a release error,
            // so the wait is for four failed ticks, not for four errors of any kind.
            await().atMost(Duration.ofSeconds(15))
                    .until(() -> events.stream()
                                    .filter(e -> e.type() == EventType.ERROR && !e.ts().isBefore(down))
                                    .filter(e -> e.detail().contains("tick skipped (fail closed)"))
                                    .count()
                            >= 4);
            assertThat(events)
                    .filteredOn(e -> e.type() == EventType.ERROR && !e.ts().isBefore(down))
                    .filteredOn(e -> e.detail().contains("tick skipped (fail closed)"))
                    .hasSizeGreaterThanOrEqualTo(4)
                    .allSatisfy(e -> assertThat(e.detail())
                            .contains("redis at redis://:***@127.0.0.1:")
                            .contains("unreachable"));
            assertThat(events)
                    .filteredOn(e -> e.type() == EventType.EXECUTED
                            && e.ts().isAfter(down.plusSeconds(1))
                            && e.ts().isBefore(down.plusSeconds(3)))
                    .as("runs while redis was down")
                    .isEmpty();
            assertThat(lab.view().pids())
                    .allMatch(pid ->
                            ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));

            assertThat(lab.faults()
                            .inject(lab.faults().toggle(ServerName.REDIS))
                            .line())
                    .startsWith("redis server started again");
            Instant back = Instant.now();
            await().atMost(Duration.ofSeconds(15)).until(() -> count(events, EventType.EXECUTED, back) >= 2);
        }
    }

    @Test
    void a_server_whose_port_is_taken_is_named_with_its_reason_and_marked_failed() throws Exception {
        try (SessionFolder folder = SessionFolder.create()) {
            ServerSlot slot = Servers.redis(null, folder, ServerSource.AUTO, Passwords.generate());
            int port = Integer.parseInt(slot.address().substring(slot.address().lastIndexOf(':') + 1));
            try (ServerSocket squatter = new ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
                assertThatThrownBy(slot::awaitReady)
                        .hasMessageStartingWith("redis server could not start at 127.0.0.1:" + port + ": ");
            }
            assertThat(slot.info().state()).isEqualTo("failed");
            assertThat(Servers.describe(slot.info()))
                    .startsWith("warning: redis server could not start: ")
                    .endsWith("modes that need it are refused");
            slot.close();
        }
    }

    @Test
    void a_mode_whose_server_is_down_is_refused_by_every_worker_and_the_others_keep_working() throws Exception {
        LabSettings settings = TestLabs.settings(2, ModeSpec.defaults(Mode.NAIVE), Duration.ofSeconds(1), dir);
        try (Lab lab = new Lab(settings)) {
            lab.start(line -> {});
            await().atMost(Duration.ofSeconds(15)).until(() -> lab.view().servers().stream()
                    .anyMatch(s -> s.name().equals("redis") && s.state().equals("ready")));
            assertThat(lab.faults()
                            .inject(lab.faults().toggle(ServerName.REDIS))
                            .line())
                    .startsWith("redis server stopped");

            String refused = lab.control().switchMode(ModeChange.to(Mode.REDIS)).line();

            assertThat(refused)
                    .startsWith("switch to redis refused by every worker")
                    .contains("w1 - cannot switch to redis: redis at redis://:***@127.0.0.1:")
                    .endsWith("still in mode naive");
            assertThat(lab.view().spec().mode()).isEqualTo(Mode.NAIVE);
            assertThat(lab.control().switchMode(ModeChange.to(Mode.LOCAL_MUTEX)).line())
                    .contains("acknowledged by 2 workers");
        }
    }

    private static long count(List<Event> events, EventType type, Instant since) {
        return events.stream()
                .filter(e -> e.type() == type && !e.ts().isBefore(since))
                .count();
    }
}
