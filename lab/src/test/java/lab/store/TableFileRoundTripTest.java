package lab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's tables written to a run folder and read back through the same codec: each file gives the rows the
 * database held, typed, and a file from an older lab or a damaged one is read or refused by its column and line.
 */
class TableFileRoundTripTest {
    private static final Instant TICK = Instant.parse("2026-12-01T07:34:10Z");

    @TempDir
    Path dir;

    private static RunRecord run(String worker, long pid, Instant tick) {
        return new RunRecord(tick, tick.plusMillis(5), tick.plusMillis(305), worker, pid, "fenced");
    }

    @Test
    void the_tables_written_to_a_run_folder_read_back_as_the_rows_the_store_held() throws Exception {
        try (CounterStore store = new CounterStore("jdbc:h2:mem:table-file-round-trip;DB_CLOSE_DELAY=-1")) {
            store.createAndClear();
            RunRecord kept = run("w2", 5158, TICK);
            RunRecord stale = run("w1", 5150, TICK);
            store.insertFenced(kept, 8);
            store.recordRun(kept, true);
            store.insertFenced(stale, 7);
            store.recordRun(stale, false);
            List<CounterRow> held = store.readAll();

            List<Path> files = store.saveTables(dir);

            assertThat(files)
                    .extracting(p -> p.getFileName().toString())
                    .containsExactly("counter.csv", "job_runs.csv", "refused.csv");
            assertThat(TableFile.COUNTER.read(dir.resolve("counter.csv"))).isEqualTo(held);
            List<JobRunRow> runs = TableFile.JOB_RUNS.read(dir.resolve("job_runs.csv"));
            assertThat(runs)
                    .extracting(
                            JobRunRow::worker,
                            JobRunRow::pid,
                            JobRunRow::tickAt,
                            JobRunRow::startedAt,
                            JobRunRow::endedAt,
                            JobRunRow::wrote)
                    .containsExactly(
                            tuple(kept.worker(), kept.pid(), kept.tickAt(), kept.startedAt(), kept.createdAt(), true),
                            tuple(
                                    stale.worker(),
                                    stale.pid(),
                                    stale.tickAt(),
                                    stale.startedAt(),
                                    stale.createdAt(),
                                    false));
            List<RefusedWrite> refused = TableFile.REFUSED.read(dir.resolve("refused.csv"));
            assertThat(refused).hasSize(1);
            RefusedWrite r = refused.get(0);
            assertThat(List.of(r.worker(), r.pid(), r.tickAt(), r.token(), r.lastToken(), r.at()))
                    .containsExactly(stale.worker(), stale.pid(), stale.tickAt(), 7L, 8L, stale.createdAt());
        }
    }

    @Test
    void a_file_whose_columns_come_in_another_order_without_the_unused_ones_still_reads() throws Exception {
        Path file = dir.resolve("counter.csv");
        Files.writeString(
                file,
                "mode,worker,pid,id,tick_at,started_at,created_at\n"
                        + "redis,w2,5158,3,2026-12-07T20:27:25Z,2026-12-07T20:27:25.026159Z,"
                        + "2026-12-07T20:27:25.126306Z\n");

        assertThat(TableFile.COUNTER.read(file))
                .containsExactly(new CounterRow(
                        3,
                        Instant.parse("2026-12-07T20:27:25.126306Z"),
                        Instant.parse("2026-12-07T20:27:25Z"),
                        Instant.parse("2026-12-07T20:27:25.026159Z"),
                        "w2",
                        5158,
                        "redis"));
    }

    @Test
    void a_field_that_is_not_what_its_column_holds_is_refused_with_its_file_line_and_column() throws Exception {
        Path file = dir.resolve("job_runs.csv");
        Files.writeString(
                file,
                "id,tick_at,worker,pid,mode,started_at,ended_at,wrote\n"
                        + "1,2026-12-07T20:27:25Z,w1,5150,naive,2026-12-07T20:27:25Z,2026-12-07T20:27:26Z,true\n"
                        + "2,2026-12-07T20:27:25Z,w2,5158,naive,2026-12-07T20:27:25Z,2026-12-07T20:27:26Z,perhaps\n");

        assertThatThrownBy(() -> TableFile.JOB_RUNS.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":3: expected true or false in column wrote, found 'perhaps'");
    }
}
