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
     * In every complete window of {@code s}, one row per worker but for the fires a worker skipped as late (more than
     * half a period: a loaded machine) and said so. Decided by the recording: a skip is one row fewer, never a flake.
     */
    static void assertEveryWorkerWrote(
            ModeSegment s, Duration every, int workers, List<CounterRow> rows, List<Event> events) {
        Map<Instant, Long> late = events.stream()
                .filter(e -> e.type() == EventType.SKIPPED && "late".equals(e.text("reason")))
                .collect(Collectors.groupingBy(Event::tick, Collectors.counting()));
        Map<Instant, Long> perTick =
                rows.stream().collect(Collectors.groupingBy(CounterRow::tickAt, Collectors.counting()));
        long p = every.toMillis();
        Instant first = Instant.ofEpochMilli(Math.floorDiv(s.from().toEpochMilli() + p - 1, p) * p);
        int ticks = 0;
        for (Instant t = first; !t.plus(every).isAfter(s.to()); t = t.plus(every)) {
            long skipped = late.getOrDefault(t, 0L);
            assertThat(perTick.getOrDefault(t, 0L))
                    .as("rows in tick %s of %s %s, %d fires skipped as late", t, s.mode(), s.spec(), skipped)
                    .isEqualTo(workers - skipped);
            ticks++;
        }
        assertThat(ticks).as("complete ticks in %s %s", s.mode(), s.spec()).isGreaterThanOrEqualTo(2);
    }
}
