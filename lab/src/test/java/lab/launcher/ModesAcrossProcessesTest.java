package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import lab.check.Figures;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.ServerSource;
import lab.protocol.Store;
import lab.protocol.WorkerFact;
import lab.servers.TestServers;
import lab.session.ModeSegment;
import lab.session.RunSummary;
import lab.store.CounterRow;
import lab.store.CounterStore;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The contract across processes: four real worker JVMs switched live through every mode in one lab run, each
 * segment counted from the counter table. Run twice: counter table in H2 with servers the lab starts itself (the
 * default path), and counter table in PostgreSQL with Redis and PostgreSQL given as external URLs (servers this test
 * started; under -Pslow).
 */
class ModesAcrossProcessesTest {
    private static final Duration SEGMENT = Duration.ofMillis(3_600);

    @TempDir
    Path dir;

    /** The user's path, as ./run.sh takes it by default: the counter table in H2, the servers the lab starts. */
    @ParameterizedTest(name = "store {0}, servers given as URLs: {1}")
    @CsvSource({"h2, false"})
    void each_mode_yields_its_own_rows_per_tick_counted_from_the_table(String store, boolean external)
            throws Exception {
        eachMode(store, external);
    }

    /**
     * The other pair, under -Pslow: the counter table in PostgreSQL, the servers given as URLs. Every guard's
     * contract already runs against servers given as URLs in the quick half.
     */
    @org.junit.jupiter.api.Tag("slow")
    @ParameterizedTest(name = "store {0}, servers given as URLs: {1}")
    @CsvSource({"postgres, true"})
    void each_mode_yields_its_own_rows_per_tick_with_the_table_in_postgres_and_servers_given(
            String store, boolean external) throws Exception {
        eachMode(store, external);
    }

    private void eachMode(String store, boolean external) throws Exception {
        LabSettings settings = new LabSettings(
                4,
                1,
                ModeSpec.defaults(Mode.NAIVE).with(Knobs.TASK_TIME, Duration.ofMillis(200)),
                Duration.ofSeconds(1),
                lab.protocol.Trigger.CRON,
                lab.protocol.Knobs.JITTER.defaultValue(),
                Duration.ofMinutes(5),
                null,
                dir,
                "tick",
                Store.valueOf(store.toUpperCase(java.util.Locale.ROOT)),
                external ? TestServers.redis().url() : null,
                external ? TestServers.postgres().url() : null,
                ServerSource.AUTO,
                List.of());
        List<Event> events = new CopyOnWriteArrayList<>();
        List<String> said = new CopyOnWriteArrayList<>();
        RunSummary summary;
        List<CounterRow> rows;
        try (Lab lab = new Lab(settings)) {
            lab.onEvent(events::add);
            lab.start(said::add);
            Thread.sleep(SEGMENT.toMillis());
            for (Map<String, String> change : List.of(
                    Map.of("mode", "local-mutex"),
                    // Decided: the single-row locks are held to the tick's end, so a worker late by up to half a
                    // period (the most a fire may be late and still run) finds the lock taken.
                    Map.of("mode", "redis", "hold-at-least", "window"),
                    Map.of("mode", "postgres", "pg-lock", "try", "hold-at-least", "window"),
                    Map.of("mode", "postgres", "pg-lock", "wait", "recheck", "off"),
                    Map.of("mode", "postgres", "pg-lock", "wait", "recheck", "on"))) {
                String result = lab.control().switchMode(Changes.of(change)).line();
                assertThat(result).as("switch %s; lab said %s", change, said).contains("acknowledged by 4 workers");
                Thread.sleep(SEGMENT.toMillis());
            }
            summary = lab.stopAndSummarise(Instant.now());
            try (CounterStore table = new CounterStore(lab.view().storeUrl())) {
                rows = table.readAll();
            }
        }

        List<ModeSegment> seg = summary.segments();
        assertThat(seg)
                .extracting(ModeSegment::mode)
                .containsExactly("naive", "local-mutex", "redis", "postgres", "postgres", "postgres");
        // Decided by the recording where every worker writes: each tick has a row for every fire its workers made.
        Duration every = Duration.ofSeconds(1);
        TestLabs.assertEveryWorkerWrote(seg.get(0), every, 4, rows, events);
        TestLabs.assertEveryWorkerWrote(seg.get(1), every, 4, rows, events);
        assertEveryTick(seg.get(2), 1);
        assertEveryTick(seg.get(3), 1);
        TestLabs.assertEveryWorkerWrote(seg.get(4), every, 4, rows, events);
        assertEveryTick(seg.get(5), 1);

        // redis: in every tick the three others tried and were told who holds the lock (or were late, and said so)
        Map<Instant, Long> skips = events.stream()
                .filter(e -> e.type() == EventType.SKIPPED && "redis".equals(e.mode()) && inside(seg.get(2), e.tick()))
                .collect(Collectors.groupingBy(Event::tick, Collectors.counting()));
        assertThat(skips.values()).isNotEmpty().containsOnly(3L);
        assertThat(events)
                .filteredOn(e -> e.fact() instanceof WorkerFact.Skipped s && s.reason() == WorkerFact.SkipReason.HELD)
                .filteredOn(e -> "redis".equals(e.mode()) && inside(seg.get(2), e.tick()))
                .isNotEmpty()
                .allMatch(e -> e.detail().contains("held by "));

        // postgres wait without re-check: queued, not concurrent — the runs of a tick start one after another, each
        // at least its predecessor's 200 ms job later (a lower bound a loaded machine only widens)
        assertThat(seg.get(4).figures().overlaps()).isZero();
        Map<Instant, List<CounterRow>> waitTicks = rows.stream()
                .filter(r -> inside(seg.get(4), r.tickAt()))
                .collect(Collectors.groupingBy(CounterRow::tickAt));
        assertThat(waitTicks).isNotEmpty();
        waitTicks.forEach((tick, runs) -> {
            Instant first = runs.stream()
                    .map(CounterRow::startedAt)
                    .min(Comparator.naturalOrder())
                    .orElseThrow();
            Instant last = runs.stream()
                    .map(CounterRow::startedAt)
                    .max(Comparator.naturalOrder())
                    .orElseThrow();
            assertThat(Duration.between(first, last).toMillis())
                    .as("start spread in tick %s", tick)
                    .isGreaterThanOrEqualTo((runs.size() - 1) * 200L - 30);
        });
        // naive: no lock, the runs of a tick are inside the job together (fired at one instant, their spread is tens
        // of ms against a 200 ms job, in each of at least two ticks)
        assertThat(seg.get(0).figures().overlaps()).isGreaterThan(0);
        assertThat(summary.switchMillis()).hasSize(5);
    }

    private static boolean inside(ModeSegment s, Instant tick) {
        return tick != null
                && !tick.isBefore(s.from().plusMillis(999).truncatedTo(java.time.temporal.ChronoUnit.SECONDS))
                && tick.plusSeconds(1).compareTo(s.to()) <= 0;
    }

    private static void assertEveryTick(ModeSegment s, int rows) {
        Figures f = s.figures();
        assertThat(f.ticks()).as("complete ticks in %s %s", s.mode(), s.spec()).isGreaterThanOrEqualTo(2);
        assertThat(f.rowsPerTick())
                .as("rows per tick in %s %s", s.mode(), s.spec())
                .containsOnly(rows);
    }
}
