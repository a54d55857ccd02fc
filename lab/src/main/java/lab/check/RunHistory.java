package lab.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.store.CounterRow;

/**
 * The recording, indexed for the rules: each worker process's events per tick (fired, acquired, released or
 * lost, executed, skipped), and the facts that cross ticks (renewals and deletions by owner, the launcher's
 * faults). Only structured fields are read, never {@code detail}.
 */
final class RunHistory {
    private record Key(String worker, long pid, Instant tick) {}

    private final List<Event> events;
    private final Map<Key, List<Event>> byRun = new HashMap<>();

    RunHistory(List<Event> recording) {
        this.events = List.copyOf(recording);
        for (Event e : events) {
            if (e.tick() != null && !Event.LAB.equals(e.worker())) {
                byRun.computeIfAbsent(new Key(e.worker(), e.pid(), e.tick()), k -> new ArrayList<>())
                        .add(e);
            }
        }
    }

    /** The row with what its process said about its tick. */
    Run run(CounterRow row) {
        List<Event> said = byRun.getOrDefault(new Key(row.worker(), row.pid(), row.tickAt()), List.of());
        return new Run(
                row, first(said, EventType.FIRED), first(said, EventType.ACQUIRED), first(said, EventType.RELEASED));
    }

    /** Every worker event of {@code type} about {@code tick}, in recording order. */
    List<Event> ofTick(EventType type, Instant tick) {
        return events.stream()
                .filter(e -> e.type() == type && tick.equals(e.tick()) && !Event.LAB.equals(e.worker()))
                .toList();
    }

    /** The launcher's own records of {@code type} ({@code server}, {@code fault}, ...), in recording order. */
    List<Event> launcher(EventType type) {
        return events.stream()
                .filter(e -> e.type() == type && Event.LAB.equals(e.worker()))
                .toList();
    }

    /** Every event of {@code type} whose field {@code name} is {@code value}. */
    List<Event> withField(EventType type, String name, String value) {
        return events.stream()
                .filter(e -> e.type() == type && value.equals(e.text(name)))
                .toList();
    }

    /** The last acquire under {@code owner} at or before {@code at}, if the recording has one. */
    Optional<Event> acquiredBy(String owner, Instant at) {
        return withField(EventType.ACQUIRED, "owner", owner).stream()
                .filter(e -> !e.ts().isAfter(at))
                .reduce((a, b) -> b);
    }

    /**
     * The first end of the process {@code owner} names, after {@code after}: the launcher's kill or stop, or its
     * record that the process exited on its own (a crash, an out-of-memory kill from outside).
     */
    Optional<Event> killed(Owner owner, Instant after) {
        return events.stream()
                .filter(e -> Event.LAB.equals(e.worker()))
                .filter(e -> e.type() == EventType.EXITED
                        || e.type() == EventType.FAULT
                                && Set.of("kill", "stop").contains(Objects.toString(e.text("kind"))))
                .filter(e -> owner.is(e.text("target"), e.number("target_pid")))
                .filter(e -> e.ts().isAfter(after))
                .findFirst();
    }

    /** The first launcher pause of {@code worker}'s process {@code pid} within {@code [from, to]}. */
    Optional<Event> paused(String worker, long pid, Instant from, Instant to) {
        return fault("pause", worker, pid, from).filter(e -> !e.ts().isAfter(to));
    }

    /**
     * The last cut of {@code worker}'s host off from the lock servers at or before {@code at}, if no heal of that host
     * came between: the partition that kept it from renewing.
     */
    Optional<Event> cutOff(String worker, Instant at) {
        Optional<Event> cut = events.stream()
                .filter(e -> Event.LAB.equals(e.worker()) && e.type() == EventType.FAULT)
                .filter(e -> "partition".equals(e.text("kind")) && !e.ts().isAfter(at))
                .filter(e -> e.text("workers") != null
                        && java.util.Arrays.asList(e.text("workers").split(" ")).contains(worker))
                .reduce((x, y) -> y);
        return cut.filter(c -> events.stream()
                .noneMatch(e -> Event.LAB.equals(e.worker())
                        && e.type() == EventType.FAULT
                        && "heal".equals(e.text("kind"))
                        && c.text("host").equals(e.text("host"))
                        && e.ts().isAfter(c.ts())
                        && !e.ts().isAfter(at)));
    }

    /** The first launcher resume of {@code worker}'s process {@code pid} after {@code after}. */
    Optional<Event> resumed(String worker, long pid, Instant after) {
        return fault("resume", worker, pid, after);
    }

    private Optional<Event> fault(String kind, String worker, long pid, Instant after) {
        return events.stream()
                .filter(e -> Event.LAB.equals(e.worker()) && e.type() == EventType.FAULT)
                .filter(e -> kind.equals(e.text("kind")))
                .filter(e ->
                        worker.equals(e.text("target")) && Long.valueOf(pid).equals(e.number("target_pid")))
                .filter(e -> !e.ts().isBefore(after))
                .findFirst();
    }

    private static Event first(List<Event> said, EventType type) {
        return said.stream().filter(e -> e.type() == type).findFirst().orElse(null);
    }
}
