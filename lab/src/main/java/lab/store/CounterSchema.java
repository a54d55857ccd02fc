package lab.store;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * Brings a {@code counter} table made by an older lab up to today's columns. An external database keeps its table
 * between runs, and an insert naming a column it lacks would fail on every tick; so the columns are added at start,
 * or the start fails with the statements a database owner can run.
 */
final class CounterSchema {
    private CounterSchema() {}

    private static final String[] WIDEN = {
        "ALTER TABLE counter ADD COLUMN IF NOT EXISTS idem_key VARCHAR(128) NULL",
        "ALTER TABLE counter ADD COLUMN IF NOT EXISTS fence BIGINT NULL",
        // NULLs never collide under a unique index: only the idempotent mode's keys are kept unique.
        "CREATE UNIQUE INDEX IF NOT EXISTS counter_idem_key ON counter(idem_key)"
    };

    static void widen(Statement st) throws SQLException {
        // Altering needs the table's owner even when there is nothing to add: ask only a table that lacks a column.
        int from = hasColumns(st) ? 2 : 0;
        for (String sql : java.util.Arrays.copyOfRange(WIDEN, from, WIDEN.length)) {
            try {
                st.execute(sql);
            } catch (SQLException e) {
                throw new SQLException(
                        "the counter table lacks the columns this lab writes and could not be widened ("
                                + e.getMessage()
                                + "); run as the table's owner: "
                                + String.join("; ", WIDEN),
                        e.getSQLState(),
                        e);
            }
        }
    }

    private static boolean hasColumns(Statement st) {
        try {
            st.execute("SELECT idem_key, fence FROM counter WHERE 1 = 0");
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
