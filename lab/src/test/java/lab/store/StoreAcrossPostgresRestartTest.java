package lab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import lab.os.FreePort;
import lab.protocol.ServerSource;
import lab.servers.PostgresServer;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker's store keeps one connection for its whole life. A PostgreSQL restart cuts it; the first write after the
 * server is back must go to the new server, not fail on the dead socket (which cost one missed tick per worker).
 */
class StoreAcrossPostgresRestartTest {
    private static final Instant TICK = Instant.parse("2026-07-07T12:00:00Z");

    @TempDir
    Path dir;

    private static RunRecord run(Instant tick) {
        return new RunRecord(tick, tick.plusMillis(5), tick.plusMillis(55), "w1", 4242, "naive");
    }

    @Test
    void the_first_write_after_a_postgres_restart_reaches_the_new_server_without_failing_first() throws Exception {
        try (PostgresServer postgres =
                PostgresServer.start(dir, ServerSource.AUTO, FreePort.pick(), TestServers.PASSWORD)) {
            try (CounterStore store = new CounterStore(postgres.url())) {
                store.createAndClear();
                assertThat(store.insert(run(TICK), null)).isTrue();

                postgres.stop();
                postgres.start();

                assertThat(store.insert(run(TICK.plusSeconds(1)), null))
                        .as("the write after the restart")
                        .isTrue();
                assertThat(store.readAll()).extracting(CounterRow::tickAt).containsExactly(TICK, TICK.plusSeconds(1));
            }
        }
    }
}
