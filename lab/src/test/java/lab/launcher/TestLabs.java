package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.ModeSpec;
import lab.session.ModeSegment;
import lab.store.CounterRow;

/** A lab as the tests start it in-process: H2 store, servers the lab starts itself, run until the test closes it. */
final class TestLabs {
    private TestLabs() {}

    static LabSettings settings(int workers, ModeSpec spec, Duration every, Path runsDir) {
        return LabSettings.of(workers, spec, every, runsDir).runningFor(Duration.ofMinutes(5));
    }

    /**
     * In every complete window of {@code s}, one row for each fire the workers made. Decided by the recording: a fire
     * a loaded machine delayed past half a period is dropped (by Quartz's misfire rule or the lateness check) before
     * it is a fire, so a tick has fewer rows only where it had fewer fires; at least one tick shows every worker's.
     */
    static void assertEveryWorkerWrote(
            ModeSegment s, Duration every, int workers, List<CounterRow> rows, List<Event> events) {
        Map<Instant, Long> fired = events.stream()
                .filter(e -> e.type() == EventType.FIRED)
                .collect(Collectors.groupingBy(Event::tick, Collectors.counting()));
        Map<Instant, Long> perTick =
                rows.stream().collect(Collectors.groupingBy(CounterRow::tickAt, Collectors.counting()));
        long p = every.toMillis();
        Instant first = Instant.ofEpochMilli(Math.floorDiv(s.from().toEpochMilli() + p - 1, p) * p);
        int ticks = 0;
        long most = 0;
        for (Instant t = first; !t.plus(every).isAfter(s.to()); t = t.plus(every)) {
            long fires = fired.getOrDefault(t, 0L);
            assertThat(perTick.getOrDefault(t, 0L))
                    .as("rows in tick %s of %s %s, which had %d fires", t, s.mode(), s.spec(), fires)
                    .isEqualTo(fires);
            most = Math.max(most, fires);
            ticks++;
        }
        assertThat(ticks).as("complete ticks in %s %s", s.mode(), s.spec()).isGreaterThanOrEqualTo(2);
        assertThat(most).as("most rows in a tick of %s %s", s.mode(), s.spec()).isEqualTo(workers);
    }

    /**
     * The fires the workers made in each complete window from {@code from} to {@code to}, as the run's folder under
     * {@code runsDir} recorded them (a fire dropped as late is not one).
     */
    static Map<Instant, Long> firesPerTick(Path runsDir, Instant from, Instant to, Duration every)
            throws java.io.IOException {
        Path events;
        try (var found = java.nio.file.Files.walk(runsDir)) {
            events = found.filter(f -> f.getFileName().toString().equals("events.jsonl"))
                    .findFirst()
                    .orElseThrow();
        }
        long p = every.toMillis();
        Instant first = Instant.ofEpochMilli(Math.floorDiv(from.toEpochMilli() + p - 1, p) * p);
        Map<Instant, Long> fires = new java.util.TreeMap<>();
        for (Instant t = first; !t.plus(every).isAfter(to); t = t.plus(every)) {
            fires.put(t, 0L);
        }
        java.nio.file.Files.readAllLines(events).stream()
                .map(Event::parse)
                .filter(e -> e.type() == EventType.FIRED && fires.containsKey(e.tick()))
                .forEach(e -> fires.merge(e.tick(), 1L, Long::sum));
        return fires;
    }
}
