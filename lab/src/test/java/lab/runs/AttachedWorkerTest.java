package lab.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import lab.fleet.WorkerProcess;
import lab.launcher.Attach;
import lab.launcher.LabSettings;
import lab.nemesis.FaultResult;
import lab.nemesis.WorkerFault;
import lab.nemesis.WorkerTarget;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.session.SwitchResult;
import lab.session.WorkerView;
import lab.store.CounterRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker started by hand, as a user starts one on another machine ({@code ./run.sh worker}, a JVM of its own),
 * attaches to a lab started with {@code --attach 0}: it stands on the dashboard beside the lab's own, its rows are
 * counted from the table like theirs, and a switch reaches it on its reports' replies.
 */
class AttachedWorkerTest {
    private static final Duration EVERY = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    @Test
    void an_attached_worker_is_counted_from_the_table_like_the_others() throws Exception {
        // A job longer than the fire spread and the reports' delay: the redis lock is still held when a late
        // worker fires, so one row per tick is the lock's doing, not timing's.
        LabSettings settings = LabSettings.of(
                        2, ModeSpec.defaults(Mode.NAIVE).with(Knobs.TASK_TIME, Duration.ofMillis(800)), EVERY, dir)
                .runningFor(Duration.ofMinutes(5))
                .attaching(new Attach(0, null));
        List<Event> events = new CopyOnWriteArrayList<>();
        Process w9 = null;
        try (LabAtTheKeys at = new LabAtTheKeys(settings)) {
            at.lab.onEvent(events::add);
            at.start();

            // The two lines the lab says at start, pasted as a user would.
            String command = line(at, "attach one with: ./run.sh worker");
            Matcher cmd = Pattern.compile("--report-to (http://\\S+):(\\d+) --token-file (\\S+)$")
                    .matcher(command);
            assertThat(cmd.find()).as(command).isTrue();
            assertThat(cmd.group(1)).doesNotContain("<");
            Matcher source = Pattern.compile("`set -a; \\. (\\S+); set \\+a`").matcher(line(at, "set -a;"));
            assertThat(source.find()).isTrue();
            Map<String, String> env = readEnv(Path.of(source.group(1)));
            assertThat(env).containsKeys("LAB_STORE_URL", "LAB_REDIS_URL", "LAB_REPORT_TO", "LAB_TOKEN_FILE");

            // Its loopback address: the test runs on one machine; the line's address is this machine's own.
            w9 = startWorker(
                    env,
                    "--report-to",
                    "http://127.0.0.1:" + cmd.group(2),
                    "--token-file",
                    cmd.group(3),
                    "--id",
                    "w9",
                    "--host",
                    "box-a");
            Process started = w9;
            Event ready = await().atMost(Duration.ofSeconds(60))
                    .until(() -> first(events, "w9", EventType.READY), e -> e != null || !started.isAlive());
            assertThat(ready)
                    .as("w9 died before it was ready; stderr: %s", stderr(started))
                    .isNotNull();

            // On the dashboard beside the lab's own, marked as attached, and in the events.
            WorkerView row = await().atMost(Duration.ofSeconds(5))
                    .until(
                            () -> at.row("w9").orElse(null),
                            r -> r != null && r.state().equals("up"));
            assertThat(row.host()).isEqualTo("w9@box-a attached");
            assertThat(row.pid()).isEqualTo(started.pid());
            assertThat(at.screen().workers()).extracting(WorkerView::id).containsExactly("w1", "w2", "w9");
            assertThat(at.eventLines()).anyMatch(l -> l.startsWith("w9@box-a (pid " + started.pid() + ") attached"));

            // Naive: three rows per tick once it is there, from the table.
            List<Instant> naive = ticksAllRan(events, ready.ts(), Set.of("w1", "w2", "w9"), 3);
            Map<Instant, List<String>> byTick = rowsByTick(at.rows());
            for (Instant t : naive) {
                assertThat(byTick.get(t)).as("rows of tick %s", t).containsExactlyInAnyOrder("w1", "w2", "w9");
            }

            // Redis: the switch reaches it over its reports, and the three write one row per tick.
            // The lock held to the tick's end: the lab's own workers, resumed below while w9 holds it, fire late (up to
            // half a period) and must find it taken however late a loaded machine lets them run.
            SwitchResult switched = at.lab
                    .control()
                    .switchMode(
                            ModeChange.to(Mode.REDIS).and(lab.protocol.Knobs.HOLD_AT_LEAST, lab.protocol.Hold.WINDOW));
            assertThat(switched.status()).as(switched.line()).isEqualTo(SwitchResult.Status.SWITCHED);
            assertThat(switched.line()).contains("acknowledged by 3 workers");
            Instant since = at.lab.control().modeSince();
            assertThat(first(events, "w9", EventType.MODE, since.minusSeconds(30)))
                    .isNotNull();

            // Decide who holds it: with the lab's own paused between two ticks, w9 takes the lock at the next; they
            // are woken while it holds it, and their late fires find it taken.
            WorkerProcess w1 = at.lab.view().worker("w1").orElseThrow();
            WorkerProcess w2 = at.lab.view().worker("w2").orElseThrow();
            Instant held = null;
            for (int attempt = 0; attempt < 5 && held == null; attempt++) {
                Instant done = ticksAllDecided(events, since, Set.of("w1", "w2", "w9"), 1)
                        .get(0);
                since = done;
                w1.pause();
                w2.pause();
                Instant next = done.plus(EVERY);
                if (Instant.now().isAfter(next.minusMillis(300))) {
                    // Too close to the next fire to be sure they were stopped before it: try at the next tick.
                    w1.resume();
                    w2.resume();
                    continue;
                }
                Event acquired = await().atMost(EVERY.multipliedBy(3))
                        .until(() -> first(events, "w9", EventType.ACQUIRED, next), e -> e != null);
                w1.resume();
                w2.resume();
                held = acquired.tick();
            }
            assertThat(held).as("w9 never took the lock").isNotNull();
            Instant heldTick = held;
            ticksAllDecided(events, heldTick.minus(EVERY), Set.of("w1", "w2", "w9"), 2);
            Instant from = at.lab.control().modeSince();
            Map<Instant, List<String>> redis = rowsByTick(at.rows());
            assertThat(redis.get(heldTick)).containsExactly("w9");
            redis.forEach((tick, workers) -> {
                if (!tick.isBefore(from.plus(EVERY)) && !tick.isAfter(heldTick.plus(EVERY))) {
                    assertThat(workers).as("rows of tick %s in redis", tick).hasSize(1);
                }
            });

            // The k key on it: the lab's signals do not reach another machine, and it says so rather than "no worker".
            FaultResult kill = at.lab.faults().inject(new WorkerFault.Kill(WorkerTarget.of("w9")));
            assertThat(kill).isInstanceOf(FaultResult.NotApplicable.class);
            assertThat(kill.line())
                    .isEqualTo("kill w9: w9 is a worker attached from elsewhere: the lab sends it no signal; "
                            + "stop or kill it where it runs");
            assertThat(w9.isAlive()).as("w9 after the lab's kill").isTrue();

            // Stopped where it runs (SIGTERM), it says goodbye on its last report: shown stopped, not lost.
            w9.destroy();
            assertThat(line(at, "w9@box-a (pid " + started.pid() + ") left")).endsWith("left: it was stopped");
            assertThat(at.row("w9").orElseThrow().state()).isEqualTo("exited");
        } finally {
            if (w9 != null) {
                w9.destroyForcibly();
            }
        }
    }

    private static String line(LabAtTheKeys at, String containing) {
        return await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> at.eventLines().stream()
                                .filter(l -> l.contains(containing))
                                .findFirst()
                                .orElse(null),
                        l -> l != null);
    }

    private static Map<String, String> readEnv(Path file) throws IOException {
        Map<String, String> env = new HashMap<>();
        for (String l : Files.readAllLines(file)) {
            Matcher m = Pattern.compile("^(LAB_\\w+)='(.*)'$").matcher(l);
            if (m.matches()) {
                env.put(m.group(1), m.group(2).replace("'\\''", "'"));
            }
        }
        return env;
    }

    private Process startWorker(Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                "lab.cli.Main",
                "worker"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(dir.resolve("w9.out").toFile())
                .redirectError(dir.resolve("w9.err").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("LAB_"));
        pb.environment().put("LAB_STORE_URL", env.get("LAB_STORE_URL"));
        pb.environment().put("LAB_REDIS_URL", env.get("LAB_REDIS_URL"));
        return pb.start();
    }

    private String stderr(Process p) throws IOException {
        return Files.readString(dir.resolve("w9.err"));
    }

    private static Event first(List<Event> events, String worker, EventType type) {
        return first(events, worker, type, Instant.EPOCH);
    }

    /** The first event of this worker and type about a tick at or after {@code from} (or, untied, at or after it). */
    private static Event first(List<Event> events, String worker, EventType type, Instant from) {
        for (Event e : events) {
            Instant at = e.tick() != null ? e.tick() : e.ts();
            if (e.worker().equals(worker) && e.type() == type && !at.isBefore(from)) {
                return e;
            }
        }
        return null;
    }

    /** Waits for {@code n} ticks after {@code after} that each of {@code workers} executed; returns them. */
    private static List<Instant> ticksAllRan(List<Event> events, Instant after, Set<String> workers, int n) {
        return await().atMost(EVERY.multipliedBy(n + 10))
                .until(() -> ticks(events, after, workers, Set.of(EventType.EXECUTED)), t -> t.size() >= n)
                .subList(0, n);
    }

    /** Waits for {@code n} ticks after {@code after} whose outcome each of {@code workers} has reported. */
    private static List<Instant> ticksAllDecided(List<Event> events, Instant after, Set<String> workers, int n) {
        return await().atMost(EVERY.multipliedBy(n + 10))
                .until(
                        () -> ticks(events, after, workers, Set.of(EventType.EXECUTED, EventType.SKIPPED)),
                        t -> t.size() >= n)
                .subList(0, n);
    }

    private static List<Instant> ticks(List<Event> events, Instant after, Set<String> workers, Set<EventType> types) {
        Map<Instant, Set<String>> who = new HashMap<>();
        for (Event e : events) {
            if (types.contains(e.type()) && e.tick() != null && e.tick().isAfter(after)) {
                who.computeIfAbsent(e.tick(), k -> new java.util.HashSet<>()).add(e.worker());
            }
        }
        return who.entrySet().stream()
                .filter(en -> en.getValue().containsAll(workers))
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
    }

    private static Map<Instant, List<String>> rowsByTick(List<CounterRow> rows) {
        return rows.stream()
                .collect(Collectors.groupingBy(
                        CounterRow::tickAt, Collectors.mapping(CounterRow::worker, Collectors.toList())));
    }
}
