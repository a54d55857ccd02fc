package lab.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One of the store's tables as a CSV file in a run folder: its columns in the order the file writes them, and how a
 * line of the file becomes a typed row. {@link TableFiles} writes every table through its columns and reads a file
 * back through this, so the column names live in one place and no reader looks a figure up by a string of its own.
 *
 * @param <R> the row a line becomes
 */
public final class TableFile<R> {
    public static final TableFile<CounterRow> COUNTER = new TableFile<>(
            "counter",
            // idem_key and fence are kept in the file for whoever reads it by eye; the checker needs neither.
            List.of("id", "created_at", "tick_at", "started_at", "worker", "pid", "mode", "idem_key", "fence"),
            l -> new CounterRow(
                    l.number("id"),
                    l.instant("created_at"),
                    l.instant("tick_at"),
                    l.instant("started_at"),
                    l.text("worker"),
                    l.number("pid"),
                    l.text("mode")));

    public static final TableFile<JobRunRow> JOB_RUNS = new TableFile<>(
            "job_runs",
            List.of("id", "tick_at", "worker", "pid", "mode", "started_at", "ended_at", "wrote"),
            l -> new JobRunRow(
                    l.number("id"),
                    l.instant("tick_at"),
                    l.text("worker"),
                    l.number("pid"),
                    l.text("mode"),
                    l.instant("started_at"),
                    l.instant("ended_at"),
                    l.bool("wrote")));

    public static final TableFile<RefusedWrite> REFUSED = new TableFile<>(
            "refused",
            List.of("id", "tick_at", "worker", "pid", "token", "last_token", "at"),
            l -> new RefusedWrite(
                    l.number("id"),
                    l.instant("tick_at"),
                    l.text("worker"),
                    l.number("pid"),
                    l.number("token"),
                    l.number("last_token"),
                    l.instant("at")));

    /** The tables kept, in the order they are written. */
    public static final List<TableFile<?>> ALL = List.of(COUNTER, JOB_RUNS, REFUSED);

    private final String table;
    private final List<String> columns;
    private final Function<TableLine, R> row;

    private TableFile(String table, List<String> columns, Function<TableLine, R> row) {
        this.table = table;
        this.columns = columns;
        this.row = row;
    }

    /** The table's name in the store. */
    public String table() {
        return table;
    }

    /** {@code counter.csv}: the file's name in a run folder. */
    public String fileName() {
        return table + ".csv";
    }

    List<String> columns() {
        return columns;
    }

    /**
     * The rows of {@code file}, in file order. Columns are found by the header's names, so a file whose columns
     * come in another order, or one without a column this row does not need (a folder from an older lab), still
     * reads; a line that lacks a field, or one that is not what its column holds, is refused with {@code file:line}.
     */
    public List<R> read(Path file) throws IOException {
        List<R> rows = new ArrayList<>();
        for (TableLine l : TableFiles.lines(file)) {
            try {
                rows.add(row.apply(l));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(file + ":" + l.line() + ": " + e.getMessage());
            }
        }
        return rows;
    }
}
