package lab.store;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The store's one connection, reopened after a failure, so that a database that comes back is used again without a
 * restart. Every call that fails forgets the connection: the next call opens a fresh one. Not thread-safe.
 */
final class StoreConnection implements AutoCloseable {
    /** One use of the connection. */
    interface Call<T> {
        T on(Connection c) throws SQLException;
    }

    private final String url;
    private Connection connection;

    StoreConnection(String url) {
        this.url = url;
    }

    String url() {
        return url;
    }

    boolean postgres() {
        return url.startsWith("jdbc:postgresql:");
    }

    /** Runs {@code call} on the connection; a failure drops it, so that the next call reconnects. */
    <T> T call(Call<T> call) throws SQLException {
        try {
            return call.on(connection());
        } catch (SQLException e) {
            drop();
            throw e;
        }
    }

    /**
     * Runs {@code call} with no check of the connection first, for a call that follows one which just answered on it
     * (the caller holding the connection between the two): a server cannot die and come back in between, so the check
     * would only cost a round trip. A connection dropped by that call is opened afresh as always.
     */
    <T> T callRightAfter(Call<T> call) throws SQLException {
        try {
            return call.on(connection == null ? connection() : connection);
        } catch (SQLException e) {
            drop();
            throw e;
        }
    }

    Connection connection() throws SQLException {
        // A connection kept from an earlier call may have died with its server (a PostgreSQL restart cuts every
        // session): checked before use, as a pool checks the one it lends, so that the first write after the
        // server came back goes to the new server instead of failing on the dead socket.
        if (connection != null && !connection.isValid(2)) {
            drop();
        }
        if (connection == null) {
            DriverManager.setLoginTimeout(5);
            connection = driver().connect(url, new Properties());
            if (connection == null) {
                throw new SQLException("no JDBC driver takes " + url);
            }
        }
        return connection;
    }

    /**
     * The one driver this URL needs, by name: DriverManager would first load every driver on the class path, and
     * a worker whose store is H2 would carry PostgreSQL's client classes for nothing.
     */
    private Driver driver() throws SQLException {
        String name = postgres() ? "org.postgresql.Driver" : "org.h2.Driver";
        try {
            return (Driver) Class.forName(name).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new SQLException("JDBC driver " + name + " is missing: " + e, e);
        }
    }

    /** Forgets a connection that failed, so the next call opens a fresh one. */
    void drop() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // it failed already; the next call reconnects
            }
            connection = null;
        }
    }

    @Override
    public void close() {
        drop();
    }
}
