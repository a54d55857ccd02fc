package lab.guard.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import lab.protocol.LockServers;
import lab.protocol.Secrets;

/**
 * The second lock server of {@code lock-servers 2}, for PostgreSQL: a second database on the same server. Advisory
 * locks are per database, so the workers connected to it take a lock 42 that the others never see.
 */
public final class SecondLockDatabase {
    private SecondLockDatabase() {}

    /** PostgreSQL's duplicate_database: another session created it first, which is all that was wanted. */
    private static final String DUPLICATE_DATABASE = "42P04";

    /** Creates the second database beside the one {@code url} names, unless it exists; throws saying why not. */
    public static void ensure(String url) {
        String name = LockServers.secondDatabase(LockServers.database(url));
        try (Connection c = DriverManager.getConnection(url)) {
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return;
                    }
                }
            }
            try (Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE \"" + name.replace("\"", "\"\"") + "\"");
            }
        } catch (SQLException e) {
            if (DUPLICATE_DATABASE.equals(e.getSQLState())) {
                return;
            }
            throw new IllegalStateException(
                    "the second lock server's database " + name + " could not be created ("
                            + Secrets.mask(e.getMessage()) + "); create it as a database owner: CREATE DATABASE "
                            + name,
                    e);
        }
    }
}
