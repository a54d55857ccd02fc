package lab.guard.quartz;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;
import lab.guard.GuardContext;
import lab.guard.postgres.PostgresLocks;
import org.quartz.SchedulerException;

/**
 * Quartz's {@code qrtz_} tables on the lab's PostgreSQL, from the script Quartz ships in its jar, and the pool its
 * store reads them through.
 */
final class ClusterStore {
    /** Where Quartz keeps its PostgreSQL script; its DROP statements are never run here. */
    static final String SCRIPT = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";

    /** The advisory lock the workers take to create the tables, one at a time: not 42, which mode postgres takes. */
    static final long CREATE_LOCK = 0x71727a74L; // "qrzt"

    /** The advisory lock the workers take to store the tick's trigger, one at a time. */
    static final long STORE_LOCK = 0x71727374L; // "qrst"

    /** What {@link #oneAtATime} runs: Quartz's calls, which throw its own exception. */
    interface StoreAction {
        void run() throws SchedulerException;
    }

    /**
     * Runs {@code action} while no other worker runs its own: each worker reads the stored trigger, decides and
     * writes it in one go. Without it a worker switching in later rewrote a stale trigger that an earlier one had
     * already stored anew and acquired, set it back to waiting, and both fired the tick.
     */
    static void oneAtATime(DataSource ds, StoreAction action) throws SQLException, SchedulerException {
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_lock(" + STORE_LOCK + ")");
            try {
                action.run();
            } finally {
                s.execute("SELECT pg_advisory_unlock(" + STORE_LOCK + ")");
            }
        }
    }

    /**
     * Connections for one scheduler: its own thread acquiring and firing, the check-ins, the misfire handler and each
     * run's completion may each hold one at a time.
     */
    static final int POOL_SIZE = 6;

    private ClusterStore() {}

    /** The worker's pool for Quartz: opened once, kept across switches, as the worker's other clients. */
    static DataSource pool(GuardContext ctx) {
        return PostgresLocks.dataSource(ctx.clients(), ctx.config().pgUrl(), ctx.worker(), POOL_SIZE);
    }

    /**
     * Creates Quartz's tables when they are missing. Every worker does so as it switches in, at the same moment: under
     * one advisory lock, in one transaction (PostgreSQL's DDL is transactional), the first creates them all and the
     * others find them there. Answers whether this call created them.
     */
    static boolean create(DataSource ds) throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_advisory_xact_lock(" + CREATE_LOCK + ")");
                boolean there;
                try (ResultSet rs = s.executeQuery("SELECT to_regclass('qrtz_locks') IS NOT NULL")) {
                    rs.next();
                    there = rs.getBoolean(1);
                }
                if (!there) {
                    for (String statement : creates()) {
                        s.execute(statement);
                    }
                }
                c.commit();
                return !there;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        }
    }

    /** The script's CREATE statements, in its order: its DROPs and its COMMIT left out. */
    static List<String> creates() {
        String script;
        try (InputStream in = ClusterStore.class.getClassLoader().getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IllegalStateException("Quartz's " + SCRIPT + " is not on the classpath");
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("Quartz's " + SCRIPT + " cannot be read: " + e.getMessage(), e);
        }
        String code = script.replaceAll("(?m)--.*$", "");
        return Arrays.stream(code.split(";"))
                .map(String::strip)
                .filter(st -> st.regionMatches(true, 0, "CREATE ", 0, 7))
                .toList();
    }
}
