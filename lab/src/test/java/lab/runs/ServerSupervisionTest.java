package lab.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import lab.launcher.LabSettings;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.protocol.LockFact;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.OnLockError;
import lab.session.Action;
import lab.session.ServerInfo;
import lab.store.CounterRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lock server that dies on its own — a real SIGKILL sent from outside the lab — is shown down, its modes do what
 * {@code --on-lock-error} says (fail closed by default, the seed's local lock with {@code local}), and its key
 * starts it again; the lab is back within a tick or two.
 */
class ServerSupervisionTest {
    private static final Duration EVERY = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    private LabSettings settings(ModeSpec spec) {
        return LabSettings.of(2, spec.with(Knobs.TASK_TIME, Duration.ofMillis(200)), EVERY, dir)
                .runningFor(Duration.ofMinutes(5));
    }

    @Test
    void redis_killed_from_outside_is_shown_down_its_ticks_fail_closed_and_R_starts_it_again() throws Exception {
        try (LabAtTheKeys at = new LabAtTheKeys(settings(ModeSpec.defaults(Mode.REDIS))).start()) {
            await().atMost(Duration.ofSeconds(10)).until(() -> at.rows().size() >= 2);
            long pid = serverPid(at, "redis", cmd -> cmd.contains("redis-server"));

            kill9(pid);
            Instant died = Instant.now();

            await().atMost(Duration.ofSeconds(5)).until(() -> state(at, "redis").equals("down"));
            Event down = await().atMost(Duration.ofSeconds(5))
                    .until(() -> serverRecord(at.recording(), "redis", false), e -> e != null);
            assertThat(down.detail())
                    .startsWith("redis server (pid " + pid + ") on 127.0.0.1:")
                    .contains("died on its own: exit 137 (SIGKILL)")
                    .endsWith("modes that need it fail closed (on-lock-error skip); R starts it again");
            assertThat(at.eventLines()).anyMatch(l -> l.equals(down.detail()));
            // Fail closed: each worker says so for two ticks, and no tick that began after the death has a row.
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> at.recording().stream()
                                    .filter(e -> e.type() == EventType.ERROR && e.ts().isAfter(died))
                                    .filter(e -> e.detail().contains("tick skipped (fail closed)"))
                                    .map(Event::tick)
                                    .distinct()
                                    .count()
                            >= 2);
            assertThat(at.rows()).filteredOn(r -> r.tickAt().isAfter(died)).isEmpty();
            assertThat(at.lab.view().pids()).allMatch(ServerSupervisionTest::alive);

            at.press(Action.TOGGLE_REDIS);
            Instant pressed = Instant.now();

            await().atMost(Duration.ofSeconds(10))
                    .until(() -> state(at, "redis").equals("ready"));
            // The header says ready once the server answers; its line is recorded after the fencing counter's
            // restore, a few round trips later: wait for the line itself.
            Event up = await().atMost(Duration.ofSeconds(5))
                    .until(() -> serverRecord(at.recording(), "redis", true), e -> e != null);
            assertThat(up.detail()).startsWith("redis server started again");
            // Back within a tick or two of the key: a row written under the lock again.
            await().atMost(EVERY.multipliedBy(2).plusMillis(900))
                    .until(() -> at.rows().stream().anyMatch(r -> r.tickAt().isAfter(pressed)));
        }
    }

    @Test
    void postgres_killed_from_outside_falls_back_to_the_local_lock_with_on_lock_error_local_and_P_starts_it_again()
            throws Exception {
        ModeSpec spec = ModeSpec.defaults(Mode.POSTGRES).with(Knobs.ON_LOCK_ERROR, OnLockError.LOCAL);
        try (LabAtTheKeys at = new LabAtTheKeys(settings(spec)).start()) {
            await().atMost(Duration.ofSeconds(10)).until(() -> at.rows().size() >= 2);
            long pid = serverPid(at, "postgres", cmd -> cmd.contains(" -D ") && cmd.contains(" -p "));

            kill9(pid);
            Instant died = Instant.now();

            await().atMost(Duration.ofSeconds(5))
                    .until(() -> state(at, "postgres").equals("down"));
            Event down = await().atMost(Duration.ofSeconds(5))
                    .until(() -> serverRecord(at.recording(), "postgres", false), e -> e != null);
            assertThat(down.detail())
                    .contains("postgres server (pid " + pid + ")")
                    .contains("died on its own: exit 137 (SIGKILL)")
                    .endsWith("modes that need it fall back to a local lock (on-lock-error local); P starts it again");
            // The seed's fallback: each worker runs under its own mutex, so both write every tick.
            await().atMost(Duration.ofSeconds(10)).until(() -> ticksWithRowsOfBoth(at.rows(), died) >= 2);
            assertThat(at.recording())
                    .filteredOn(e -> e.type() == EventType.ACQUIRED
                            && e.tick() != null
                            && e.tick().isAfter(died))
                    .isNotEmpty()
                    .allSatisfy(e -> assertThat(((LockFact.Acquired) e.fact()).fallback())
                            .isTrue());

            at.press(Action.TOGGLE_POSTGRES);
            Instant pressed = Instant.now();

            await().atMost(Duration.ofSeconds(30))
                    .until(() -> state(at, "postgres").equals("ready"));
            Instant ready = Instant.now();
            Event up = await().atMost(Duration.ofSeconds(5))
                    .until(() -> serverRecord(at.recording(), "postgres", true), e -> e != null);
            assertThat(up.detail()).startsWith("postgres server started again");
            // Back within a tick or two: the advisory lock granted again, not the fallback.
            await().atMost(EVERY.multipliedBy(2).plusMillis(900)).until(() -> at.recording().stream()
                    .anyMatch(e -> e.type() == EventType.ACQUIRED
                            && e.tick() != null
                            && e.tick().isAfter(ready)
                            && !((LockFact.Acquired) e.fact()).fallback()));
            assertThat(pressed).isBefore(ready);
        }
    }

    /** The server's own process, found from outside the lab: among this JVM's descendants, by its port. */
    private static long serverPid(LabAtTheKeys at, String name, Predicate<String> looksLikeIt) throws Exception {
        await().atMost(Duration.ofSeconds(30)).until(() -> state(at, name).equals("ready"));
        String address = at.screen().header().servers().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .map(ServerInfo::address)
                .orElseThrow();
        String port = address.substring(address.lastIndexOf(':') + 1);
        List<ProcessHandle> found = ProcessHandle.current()
                .descendants()
                .filter(p -> {
                    String cmd = commandLine(p.pid());
                    return looksLikeIt.test(cmd) && (cmd.contains(":" + port) || cmd.contains("-p " + port));
                })
                .toList();
        assertThat(found).as("%s server processes on port %s", name, port).hasSize(1);
        return found.get(0).pid();
    }

    /**
     * As ps shows it: /proc's own cmdline, since redis-server rewrites its title (to its address) and Debian's is a
     * link to a multi-call binary, so the JVM's view of its command names another program.
     */
    private static String commandLine(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"))
                    .replace('\0', ' ');
        } catch (IOException gone) {
            return "";
        }
    }

    private static String state(LabAtTheKeys at, String name) {
        return at.screen().header().servers().stream()
                .filter(s -> s.name().equals(name))
                .map(ServerInfo::state)
                .findFirst()
                .orElse("");
    }

    private static Event serverRecord(List<Event> recording, String name, boolean up) {
        return recording.stream()
                .filter(e -> e.fact() instanceof LabFact.Server s && name.equals(s.name()) && s.up() == up)
                .reduce((a, b) -> b)
                .orElse(null);
    }

    private static long ticksWithRowsOfBoth(List<CounterRow> rows, Instant after) {
        return rows.stream()
                .filter(r -> r.tickAt().isAfter(after))
                .map(CounterRow::tickAt)
                .distinct()
                .filter(t -> rows.stream().filter(r -> r.tickAt().equals(t)).count() == 2)
                .count();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static void kill9(long pid) throws Exception {
        assertThat(new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor())
                .isZero();
    }
}
