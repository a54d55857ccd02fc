package lab.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import lab.protocol.EventType;
import lab.protocol.Mode;
import lab.protocol.TestEvents;
import lab.store.CounterRow;
import org.junit.jupiter.api.Test;

class LiveModelTest {
    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final Instant T0 = Instant.parse("2026-07-07T02:34:18Z");
    private final LiveModel model = new LiveModel(SECOND);

    private void ran(String worker, int tick) {
        Instant t = T0.plusSeconds(tick);
        model.onEvent(
                TestEvents.event(t.plusMillis(200), worker, 1, EventType.EXECUTED, t, "naive", null, Map.of()), "line");
    }

    private TimelineView timeline(List<WorkerProc> procs, Instant now) {
        LockView none = new LockView(Mode.Lock.NONE, "-", null, -1, -1, List.of(), List.of(), null);
        return model.snapshot(
                        new Header(
                                "naive",
                                procs.size(),
                                SECOND,
                                Duration.ZERO,
                                SECOND,
                                "h2",
                                List.of(),
                                "",
                                lab.protocol.ModeSpec.defaults(Mode.NAIVE)),
                        procs,
                        none,
                        null,
                        null,
                        List.of(),
                        null,
                        null,
                        false,
                        now)
                .timeline();
    }

    @Test
    void a_worker_down_during_some_ticks_shows_not_alive_there_even_after_it_came_back() {
        List<WorkerProc> up = List.of(new WorkerProc("w1", 1, 1, "up"), new WorkerProc("w2", 2, 2, "up"));
        List<WorkerProc> w2Killed = List.of(new WorkerProc("w1", 1, 1, "up"), new WorkerProc("w2", 2, 2, "killed"));
        ran("w1", 0);
        ran("w2", 0);
        model.observeWorkers(w2Killed, T0.plusMillis(1_500));
        ran("w1", 1);
        model.observeWorkers(up, T0.plusMillis(2_500)); // restarted
        ran("w1", 2);
        ran("w2", 2);

        TimelineView t = timeline(up, T0.plusMillis(2_900));

        List<Cell> w2 = t.lanes().get("w2");
        assertThat(w2.subList(w2.size() - 3, w2.size())).containsExactly(Cell.RAN, Cell.NOT_ALIVE, Cell.RAN);
        List<Cell> w1 = t.lanes().get("w1");
        assertThat(w1.subList(w1.size() - 3, w1.size())).containsExactly(Cell.RAN, Cell.RAN, Cell.RAN);
    }

    @Test
    void a_tick_with_more_than_one_row_in_the_table_is_a_duplicate_on_the_timeline() {
        model.onRows(List.of(
                new CounterRow(1, T0.plusMillis(5), T0, T0, "w1", 1, "naive"),
                new CounterRow(2, T0.plusMillis(6), T0, T0, "w2", 2, "naive"),
                new CounterRow(3, T0.plusMillis(1_005), T0.plusSeconds(1), T0.plusSeconds(1), "w1", 1, "redis")));

        TimelineView t = timeline(List.of(new WorkerProc("w1", 1, 1, "up")), T0.plusMillis(1_500));

        assertThat(t.duplicateTicks()).containsExactly(T0);
    }
}
