package lab.store;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code counter} table and its companions, the same in H2 and PostgreSQL, over one {@link StoreConnection}
 * that reopens after a failure. Not thread-safe: one per thread.
 */
public final class CounterStore implements AutoCloseable {
    private static final String COLUMNS = "created_at, tick_at, started_at, worker, pid, mode";
    /** The SQL standard's unique violation, as both H2 and PostgreSQL report it. */
    private static final String UNIQUE_VIOLATION = "23505";

    private final StoreConnection db;

    public CounterStore(String url) {
        this.db = new StoreConnection(url);
    }

    public String url() {
        return db.url();
    }

    /**
     * Creates the tables when missing (an external database keeps them between runs), widens a {@code counter}
     * made by an older lab, and empties both.
     */
    public void createAndClear() throws SQLException {
        db.call(c -> {
            try (Statement st = c.createStatement()) {
                CounterSchema.createAndClear(st);
            }
            return null;
        });
    }

    /**
     * Writes one run of the job, and says whether the table kept it. With an idempotency key the database decides:
     * a key already written leaves the first writer's row as it was (never MERGE, which would overwrite it) and
     * this run's row is not written. A null key (every other mode) never collides.
     */
    public boolean insert(RunRecord run, String idemKey) throws SQLException {
        String sql = "INSERT INTO counter (" + COLUMNS + ", idem_key) VALUES (?, ?, ?, ?, ?, ?, ?)"
                + (db.postgres() ? " ON CONFLICT (idem_key) DO NOTHING" : "");
        return db.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                bind(ps, run);
                ps.setString(7, idemKey);
                return ps.executeUpdate() == 1;
            } catch (SQLException e) {
                // H2 has no ON CONFLICT: its unique violation is the database's "already written", and only that; the
                // connection is still good, so it is kept.
                if (idemKey != null && UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    return false;
                }
                throw e;
            }
        });
    }

    /**
     * Writes one run carrying a fencing token, or refuses it, in one transaction: a token lower than the last one this
     * store accepted is refused (its row never reaches {@code counter}, the refusal is noted in {@code refused});
     * otherwise the row is written with its token in {@code fence} and the token becomes the last accepted. A failure
     * drops the connection, and closing it rolls back what the failed transaction began.
     */
    public FencedWrite insertFenced(RunRecord run, long token) throws SQLException {
        return db.call(c -> {
            c.setAutoCommit(false);
            FencedWrite result;
            try (PreparedStatement accept = c.prepareStatement(Fencing.ACCEPT)) {
                if (Fencing.accept(accept, token)) {
                    try (PreparedStatement ps = c.prepareStatement(
                            "INSERT INTO counter (" + COLUMNS + ", fence) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                        bind(ps, run);
                        ps.setLong(7, token);
                        ps.executeUpdate();
                    }
                    result = new FencedWrite(true, token, token);
                } else {
                    long last;
                    try (PreparedStatement ps = c.prepareStatement(Fencing.LAST)) {
                        last = Fencing.last(ps);
                    }
                    try (PreparedStatement ps = c.prepareStatement(Fencing.REFUSE)) {
                        Fencing.refuse(ps, run, token, last);
                    }
                    result = new FencedWrite(false, token, last);
                }
            }
            c.commit();
            c.setAutoCommit(true);
            return result;
        });
    }

    /** The highest token this store accepted: where the lock server's counter resumes after a restart. */
    public long lastAcceptedToken() throws SQLException {
        return db.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(Fencing.LAST)) {
                return Fencing.last(ps);
            }
        });
    }

    /**
     * Writes {@code token} down as issued to {@code worker} for the tick at {@code tickAt}, before the job that carries
     * it runs. Answers who had it first when it had been issued before in this session (its holder must not use it),
     * else empty. See {@link IssuedTokens}.
     */
    public Optional<String> issueToken(long token, String worker, long pid, Instant tickAt, Instant at)
            throws SQLException {
        return db.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(IssuedTokens.INSERT)) {
                IssuedTokens.bind(ps, token, worker, pid, tickAt, at);
                ps.executeUpdate();
                return Optional.empty();
            } catch (SQLException e) {
                if (!UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    throw e;
                }
            }
            try (PreparedStatement ps = c.prepareStatement(IssuedTokens.WHO)) {
                return Optional.of(IssuedTokens.who(ps, token).orElse("another worker"));
            }
        });
    }

    /**
     * The highest fencing token issued in this session, or accepted if higher: where a lock server's counter resumes
     * after a restart, so that no token is issued twice.
     */
    public long highestIssuedToken() throws SQLException {
        return db.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(IssuedTokens.HIGHEST)) {
                return IssuedTokens.highest(ps);
            }
        });
    }

    /** The {@code tick_at} of every write the store refused, oldest first: what the figure {@code refused_writes} counts. */
    public List<Instant> refusedTicks() throws SQLException {
        return ticks("SELECT tick_at FROM refused ORDER BY id");
    }

    private static void bind(PreparedStatement ps, RunRecord run) throws SQLException {
        ps.setObject(1, at(run.createdAt()));
        ps.setObject(2, at(run.tickAt()));
        ps.setObject(3, at(run.startedAt()));
        ps.setString(4, run.worker());
        ps.setLong(5, run.pid());
        ps.setString(6, run.mode());
    }

    /** How this database keeps the first writer of a key, for the sentence that says a write did nothing. */
    public String conflictRule() {
        return db.postgres() ? "ON CONFLICT DO NOTHING" : "unique index on idem_key: the duplicate insert was dropped";
    }

    /** Notes one run of the job in {@code job_runs}, whatever became of its row. */
    public void recordRun(RunRecord run, boolean wrote) throws SQLException {
        db.call(c -> insertRun(c, run, wrote));
    }

    /**
     * {@link #recordRun}, right after the run's write on this store, by the same caller and with no other call between:
     * the write's answer showed the connection alive a moment ago, so it is not checked a second time (one round trip
     * less per tick). A write that failed dropped the connection, and the note opens a fresh one.
     */
    public void recordRunAfterWrite(RunRecord run, boolean wrote) throws SQLException {
        db.callRightAfter(c -> insertRun(c, run, wrote));
    }

    private static int insertRun(Connection c, RunRecord run, boolean wrote) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(JobRuns.INSERT)) {
            JobRuns.bind(ps, run, wrote);
            return ps.executeUpdate();
        }
    }

    /** The {@code tick_at} of every run in {@code job_runs}, oldest first: what the figure {@code job_runs} counts. */
    public List<Instant> runTicks() throws SQLException {
        return ticks("SELECT tick_at FROM job_runs ORDER BY id");
    }

    private List<Instant> ticks(String sql) throws SQLException {
        return db.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql);
                    ResultSet rs = ps.executeQuery()) {
                List<Instant> ticks = new ArrayList<>();
                while (rs.next()) {
                    ticks.add(rs.getObject(1, OffsetDateTime.class).toInstant());
                }
                return ticks;
            }
        });
    }

    /** How many rows this tick window already has (the check of check-then-insert). */
    public int rowsForTick(Instant tickAt) throws SQLException {
        return db.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM counter WHERE tick_at = ?")) {
                ps.setObject(1, at(tickAt));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }

    /** Every row, oldest first. */
    public List<CounterRow> readAll() throws SQLException {
        return readAfter(0); // identities start at 1
    }

    /** The rows written since row {@code id}, oldest first: for a view that follows the table as it grows. */
    public List<CounterRow> readAfter(long id) throws SQLException {
        return db.call(c -> {
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT id, " + COLUMNS + " FROM counter WHERE id > ? ORDER BY id")) {
                ps.setLong(1, id);
                return rows(ps);
            }
        });
    }

    /** Writes every table of the store into {@code dir} as CSV (see {@link TableFiles}); answers the files. */
    public List<Path> saveTables(Path dir) throws SQLException, IOException {
        try {
            return TableFiles.write(db.connection(), dir);
        } catch (SQLException e) {
            db.drop();
            throw e;
        }
    }

    public void clear() throws SQLException {
        db.call(c -> {
            try (Statement st = c.createStatement()) {
                st.execute("DELETE FROM counter");
                st.execute("DELETE FROM job_runs");
                // The last accepted token and the issued ones stay: a holder paused before the clear must still be
                // refused after it, and no token may be issued again.
                st.execute("DELETE FROM refused");
            }
            return null;
        });
    }

    private static List<CounterRow> rows(PreparedStatement ps) throws SQLException {
        List<CounterRow> rows = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                rows.add(new CounterRow(
                        rs.getLong(1),
                        rs.getObject(2, OffsetDateTime.class).toInstant(),
                        rs.getObject(3, OffsetDateTime.class).toInstant(),
                        rs.getObject(4, OffsetDateTime.class).toInstant(),
                        rs.getString(5),
                        rs.getLong(6),
                        rs.getString(7)));
            }
        }
        return rows;
    }

    /** Time zone neutral: both drivers map OffsetDateTime to TIMESTAMP WITH TIME ZONE exactly. */
    static OffsetDateTime at(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    /**
     * Opens the connection now rather than on the first write: a worker does so before it says it is ready, so that
     * its first tick does not pay for connecting and logging in (tens to hundreds of ms in a cold JVM, more than a
     * short tick's window).
     */
    public void open() throws SQLException {
        db.call(c -> c);
    }

    @Override
    public void close() {
        db.close();
    }
}
