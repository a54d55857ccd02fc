package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import lab.protocol.Mode;
import lab.servers.Resp;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;

/** The launcher reads who holds the lock from the lock's own server, whoever took it. */
class LockObservationTest {
    @Test
    void a_redis_key_set_by_someone_else_is_reported_with_its_holder_and_ttl() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        int port = TestServers.redis().port();
        try (LockWatcher watcher = new LockWatcher(
                () -> Mode.REDIS, TestServers.redis()::url, () -> null, "observed", (s, l) -> lines.add(l))) {
            watcher.start();
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> lines.contains("lock: redis 'scheduler_lock:observed' free"));

            assertThat(Resp.authed(
                            port,
                            TestServers.PASSWORD,
                            "SET",
                            "scheduler_lock:observed",
                            "intruder-1-abcd",
                            "NX",
                            "PX",
                            "30000"))
                    .isEqualTo("+OK");

            await().atMost(Duration.ofSeconds(5)).until(() -> lines.stream()
                    .anyMatch(l -> l.startsWith("lock: redis 'scheduler_lock:observed' held by intruder-1-abcd (")));
            assertThat(watcher.current().holder()).isEqualTo("intruder-1-abcd");
            assertThat(watcher.current().ttlMillis()).isBetween(1L, 30_000L);
        } finally {
            Resp.authed(port, TestServers.PASSWORD, "DEL", "scheduler_lock:observed");
        }
    }

    @Test
    void an_advisory_lock_taken_by_someone_else_is_reported_with_its_holder_and_its_queue() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        String url = TestServers.postgres().url();
        ExecutorService waiter = Executors.newSingleThreadExecutor();
        try (Connection holder = connect(url, "intruder");
                Connection queued = connect(url, "patient");
                LockWatcher watcher =
                        new LockWatcher(() -> Mode.POSTGRES, () -> null, () -> url, "tick", (s, l) -> lines.add(l))) {
            try (Statement st = holder.createStatement()) {
                st.execute("SELECT pg_advisory_lock(42)");
            }
            waiter.submit(() -> {
                try (Statement st = queued.createStatement()) {
                    st.execute("SELECT pg_advisory_lock(42)");
                    st.execute("SELECT pg_advisory_unlock(42)");
                }
                return null;
            });
            watcher.start();

            await().atMost(Duration.ofSeconds(10))
                    .until(() -> lines.contains("lock: postgres 'advisory 42' held by intruder; waiting: patient"));
            assertThat(watcher.current().waiters()).containsExactly("patient");

            try (Statement st = holder.createStatement()) {
                st.execute("SELECT pg_advisory_unlock(42)");
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> lines.contains("lock: postgres 'advisory 42' free"));
        } finally {
            waiter.shutdownNow();
        }
    }

    private static Connection connect(String url, String name) throws Exception {
        Properties p = new Properties();
        p.setProperty("ApplicationName", name);
        return DriverManager.getConnection(url, p);
    }
}
