package lab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's parts the workers' runs lean on, on H2 in process: fencing tokens written down before use (a token
 * issued twice names its first holder), where a restarted lock server's counter resumes, the check of
 * check-then-insert, a view that follows the table, and the tables kept as CSV files and read back.
 */
class TokensAndTableFilesOnH2Test {
    private static final String URL = "jdbc:h2:mem:tokens-and-table-files;DB_CLOSE_DELAY=-1";
    private static final Instant TICK = Instant.parse("2026-12-01T07:34:10Z");

    @TempDir
    Path dir;

    @BeforeEach
    void dropTables() throws Exception {
        try (Connection c = DriverManager.getConnection(URL);
                Statement st = c.createStatement()) {
            for (String t : List.of("counter", "job_runs", "fencing", "refused", "fence_issued")) {
                st.execute("DROP TABLE IF EXISTS " + t);
            }
        }
    }

    private static RunRecord run(String worker, Instant tick) {
        return new RunRecord(tick, tick.plusMillis(5), tick.plusMillis(305), worker, 4242, "fenced");
    }

    @Test
    void a_token_issued_twice_is_refused_the_second_time_naming_who_had_it_first() throws Exception {
        try (CounterStore store = new CounterStore(URL)) {
            store.createAndClear();

            assertThat(store.issueToken(7, "w1", 11, TICK, TICK.plusMillis(1))).isEmpty();
            assertThat(store.issueToken(8, "w2", 22, TICK.plusSeconds(2), TICK.plusSeconds(2)))
                    .isEmpty();

            assertThat(store.issueToken(7, "w3", 33, TICK.plusSeconds(4), TICK.plusSeconds(4)))
                    .hasValue("w1 (pid 11) for tick " + TICK);
        }
    }

    @Test
    void the_counter_resumes_past_the_highest_token_issued_or_accepted_whichever_is_higher() throws Exception {
        try (CounterStore store = new CounterStore(URL)) {
            store.createAndClear();
            assertThat(store.highestIssuedToken()).isZero();

            store.issueToken(5, "w1", 11, TICK, TICK);
            store.issueToken(3, "w2", 22, TICK, TICK);
            assertThat(store.highestIssuedToken()).isEqualTo(5);

            assertThat(store.insertFenced(run("w1", TICK), 9)).isNotNull();
            assertThat(store.lastAcceptedToken()).isEqualTo(9);
            assertThat(store.highestIssuedToken()).isEqualTo(9);
        }
    }

    @Test
    void a_write_with_the_last_accepted_token_again_is_accepted_and_a_lower_one_refused() throws Exception {
        try (CounterStore store = new CounterStore(URL)) {
            store.createAndClear();

            FencedWrite first = store.insertFenced(run("w1", TICK), 4);
            FencedWrite same = store.insertFenced(run("w1", TICK.plusSeconds(2)), 4);
            FencedWrite lower = store.insertFenced(run("w2", TICK.plusSeconds(4)), 3);

            assertThat(first).isEqualTo(same);
            assertThat(lower).isNotEqualTo(first);
            assertThat(store.readAll()).extracting(CounterRow::worker).containsExactly("w1", "w1");
            assertThat(store.refusedTicks()).containsExactly(TICK.plusSeconds(4));
        }
    }

    @Test
    void the_check_of_check_then_insert_counts_the_rows_of_its_own_tick_only() throws Exception {
        try (CounterStore store = new CounterStore(URL)) {
            store.createAndClear();
            assertThat(store.rowsForTick(TICK)).isZero();

            store.insert(run("w1", TICK), null);
            store.insert(run("w2", TICK), null);
            store.insert(run("w1", TICK.plusSeconds(2)), null);

            assertThat(store.rowsForTick(TICK)).isEqualTo(2);
            assertThat(store.rowsForTick(TICK.plusSeconds(2))).isEqualTo(1);
        }
    }

    @Test
    void a_view_that_follows_the_table_reads_only_the_rows_after_the_last_it_saw() throws Exception {
        try (CounterStore store = new CounterStore(URL)) {
            store.createAndClear();
            store.insert(run("w1", TICK), null);
            long seen = store.readAll().get(0).id();
            store.insert(run("w2", TICK.plusSeconds(2)), null);

            assertThat(store.readAfter(seen)).extracting(CounterRow::worker).containsExactly("w2");
            assertThat(store.readAfter(seen + 1)).isEmpty();
        }
    }

    @Test
    void the_tables_saved_as_csv_read_back_as_the_rows_the_store_held() throws Exception {
        try (CounterStore store = new CounterStore(URL)) {
            store.createAndClear();
            store.insert(run("w1", TICK), null);
            store.insert(run("w2, the second", TICK.plusSeconds(2)), null);
            store.recordRun(run("w1", TICK), true);
            store.insertFenced(run("w1", TICK.plusSeconds(4)), 5);
            store.insertFenced(run("w3 \"late\"", TICK.plusSeconds(6)), 2);

            List<Path> files = store.saveTables(dir);

            assertThat(files)
                    .extracting(p -> p.getFileName().toString())
                    .containsExactly("counter.csv", "job_runs.csv", "refused.csv");
            assertThat(TableFile.COUNTER.read(dir.resolve("counter.csv"))).isEqualTo(store.readAll());
            assertThat(TableFile.JOB_RUNS.read(dir.resolve("job_runs.csv")))
                    .singleElement()
                    .satisfies(r -> {
                        assertThat(r.worker()).isEqualTo("w1");
                        assertThat(r.tickAt()).isEqualTo(TICK);
                    });
            assertThat(TableFile.REFUSED.read(dir.resolve("refused.csv")))
                    .singleElement()
                    .satisfies(r -> {
                        assertThat(r.worker()).isEqualTo("w3 \"late\"");
                        assertThat(r.token()).isEqualTo(2);
                        assertThat(r.lastToken()).isEqualTo(5);
                    });
        }
    }

    @Test
    void a_fenced_write_and_the_plain_write_after_it_are_committed_for_every_other_connection_to_see()
            throws Exception {
        try (CounterStore store = new CounterStore(URL)) {
            store.createAndClear();
            store.insertFenced(run("w1", TICK), 3);
            store.insert(run("w2", TICK.plusSeconds(2)), null);

            // Another worker's connection, as the launcher's view and the other workers have.
            try (Connection other = DriverManager.getConnection(URL);
                    Statement st = other.createStatement();
                    java.sql.ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM counter")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(2);
            }
        }
    }

    @Test
    void a_saved_table_quotes_only_the_fields_that_need_it_under_the_schemas_column_names() throws Exception {
        try (CounterStore store = new CounterStore(URL)) {
            store.createAndClear();
            store.insert(run("w1", TICK), null);
            store.insert(run("w2, the second", TICK.plusSeconds(2)), null);

            store.saveTables(dir);

            List<String> lines = Files.readAllLines(dir.resolve("counter.csv"));
            assertThat(lines.get(0)).startsWith("id,created_at,tick_at,started_at,worker,pid,mode");
            assertThat(lines.get(1)).startsWith("1,").doesNotContain("\"");
            assertThat(lines.get(2)).startsWith("2,").contains(",\"w2, the second\",");
        }
    }

    @Test
    void a_quoted_last_field_with_quotes_inside_reads_back_whole() throws Exception {
        Path file = Files.writeString(dir.resolve("t.csv"), "id,worker\n1,\"w \"\"q\"\"\"\n");

        assertThat(TableFiles.lines(file)).singleElement().satisfies(r -> assertThat(r.text("worker"))
                .isEqualTo("w \"q\""));
    }

    @Test
    void a_table_file_line_with_a_field_too_many_is_refused_naming_the_file_line_and_the_header() throws Exception {
        Path file = Files.writeString(dir.resolve("counter.csv"), "id,worker\n1,w1\n\n2,w2,extra\n");

        assertThatThrownBy(() -> TableFiles.lines(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ":4: expected 2 fields (id,worker), found 3");
    }

    @Test
    void an_empty_table_file_or_an_unclosed_quote_is_refused_naming_the_line() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.csv"), "");
        Path open = Files.writeString(dir.resolve("open.csv"), "id,worker\n1,\"w1\n");

        assertThatThrownBy(() -> TableFiles.lines(empty)).hasMessageStartingWith(empty + ":1: expected a header");
        assertThatThrownBy(() -> TableFiles.lines(open))
                .hasMessage(open + ":2: expected a closing quote, found the end of the line");
    }

    @Test
    void a_counter_row_without_a_value_it_needs_is_refused_naming_the_column_and_the_line() throws Exception {
        Path file = Files.writeString(
                dir.resolve("counter.csv"),
                "id,created_at,tick_at,started_at,worker,pid,mode\n"
                        + String.join(",", "1", TICK.toString(), TICK.toString(), TICK.toString(), "", "4242", "none")
                        + "\n");

        assertThatThrownBy(() -> TableFile.COUNTER.read(file))
                .hasMessage(file + ":2: expected a value in column worker, found none");
    }

    @Test
    void the_sentence_for_a_dropped_duplicate_names_how_h2_keeps_the_first_writer() {
        try (CounterStore store = new CounterStore(URL)) {
            assertThat(store.conflictRule()).contains("unique index on idem_key");
        }
    }
}
