package lab.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import lab.servers.TestServers;

/** The store's contract on PostgreSQL ({@code ON CONFLICT DO NOTHING}), in a schema of its own. */
class PostgresCounterStoreTest extends CounterStoreContract {
    private static String url;

    @Override
    String url() {
        if (url == null) {
            String base = TestServers.postgres().url();
            try (Connection c = DriverManager.getConnection(base);
                    Statement st = c.createStatement()) {
                // Other tests of this JVM may keep their own counter in the default schema.
                st.execute("CREATE SCHEMA IF NOT EXISTS counter_store_test");
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
            url = base + "&currentSchema=counter_store_test";
        }
        return url;
    }
}
