package lab.guard.shedlock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * ShedLock's {@code shedlock} table, exactly as its README gives it for PostgreSQL, and the one row a job's lock is:
 * ShedLock answers "not locked" and nothing more, so the lab reads the row itself to say who holds it until when.
 */
public final class ShedLockTable {
    /** ShedLock's README, PostgreSQL: {@code TIMESTAMP} without a zone, so both ways of writing it here write UTC. */
    static final String CREATE = "CREATE TABLE IF NOT EXISTS shedlock(name VARCHAR(64) NOT NULL,"
            + " lock_until TIMESTAMP NOT NULL, locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL,"
            + " PRIMARY KEY (name))";

    static final String SELECT = "SELECT name, lock_until, locked_at, locked_by FROM shedlock WHERE name = ?";

    private static final DateTimeFormatter TIME_OF_DAY =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private ShedLockTable() {}

    /**
     * One row of {@code shedlock}: the lock {@code name} is held by {@code lockedBy} until {@code lockUntil}, taken at
     * {@code lockedAt}; a row whose {@code lockUntil} has passed is a free lock, its last holder still named.
     */
    public record Row(String name, Instant lockUntil, Instant lockedAt, String lockedBy) {
        boolean heldAt(Instant now) {
            return lockUntil.isAfter(now);
        }

        /** {@code locked_by w1-4242, locked_at 20:01:02.120, lock_until 20:01:03.900}: the row as psql shows it. */
        String said() {
            return "locked_by " + lockedBy + ", locked_at " + time(lockedAt) + ", lock_until " + time(lockUntil);
        }
    }

    /**
     * Creates the table when it is missing. Every worker does so as it opens the mode, at the same moment: two
     * concurrent {@code CREATE TABLE IF NOT EXISTS} may still collide in PostgreSQL's catalog, and the loser finds the
     * table there: as a duplicate key in {@code pg_type} (23505), a duplicate table (42P07), or the table's row type
     * already there (42710, {@code type "shedlock" already exists}: three workers switching in at once on a fresh
     * server, seen by the matrix).
     */
    static void create(DataSource ds) throws SQLException {
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            s.execute(CREATE);
        } catch (SQLException e) {
            if (!List.of("23505", "42P07", "42710").contains(e.getSQLState())) {
                throw e;
            }
        }
    }

    /** The row of lock {@code name}, or empty before anyone has taken it. */
    static Optional<Row> read(DataSource ds, String name) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement(SELECT)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Row(
                        rs.getString(1),
                        utc(rs.getObject(2, LocalDateTime.class)),
                        utc(rs.getObject(3, LocalDateTime.class)),
                        rs.getString(4)));
            }
        }
    }

    static String time(Instant at) {
        return TIME_OF_DAY.format(at);
    }

    private static Instant utc(LocalDateTime t) {
        return t.toInstant(ZoneOffset.UTC);
    }
}
