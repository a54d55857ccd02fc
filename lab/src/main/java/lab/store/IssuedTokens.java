package lab.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * The store's ledger of fencing tokens: every token a fenced lock issues is written here, under a primary key, before
 * its holder runs the job. A lock server that lost its counter (Redis restarted without persistence) may count a token
 * again; the ledger is where the second holder of that token learns so, and where the counter resumes from: the
 * highest token <em>issued</em>, not the highest accepted, since a holder still inside its job has a token the store
 * has not seen yet. Kept for the whole session: clearing the table (the {@code c} key) leaves it, as it leaves the last
 * accepted token.
 */
final class IssuedTokens {
    private IssuedTokens() {}

    static final String CREATE = "CREATE TABLE IF NOT EXISTS fence_issued ("
            + "token BIGINT PRIMARY KEY, worker VARCHAR(64) NOT NULL, pid BIGINT NOT NULL, "
            + "tick_at TIMESTAMP WITH TIME ZONE NOT NULL, at TIMESTAMP WITH TIME ZONE NOT NULL)";

    static final String CLEAR = "DELETE FROM fence_issued";

    static final String INSERT = "INSERT INTO fence_issued (token, worker, pid, tick_at, at) VALUES (?, ?, ?, ?, ?)";

    static final String WHO = "SELECT worker, pid, tick_at FROM fence_issued WHERE token = ?";

    /** The highest token issued or accepted: where a lock server's counter must resume so that no token repeats. */
    static final String HIGHEST = "SELECT GREATEST("
            + "(SELECT COALESCE(MAX(token), 0) FROM fence_issued), "
            + "(SELECT COALESCE(MAX(last_token), 0) FROM fencing))";

    static void bind(PreparedStatement ps, long token, String worker, long pid, Instant tickAt, Instant at)
            throws SQLException {
        ps.setLong(1, token);
        ps.setString(2, worker);
        ps.setLong(3, pid);
        ps.setObject(4, CounterStore.at(tickAt));
        ps.setObject(5, CounterStore.at(at));
    }

    /** Who the token was issued to first, in the words of a refusal: {@code w1 (pid 4242) for tick 07:34:10Z}. */
    static Optional<String> who(PreparedStatement ps, long token) throws SQLException {
        ps.setLong(1, token);
        try (ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            return Optional.of(rs.getString(1) + " (pid " + rs.getLong(2) + ") for tick "
                    + rs.getObject(3, OffsetDateTime.class).toInstant());
        }
    }

    static long highest(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }
}
