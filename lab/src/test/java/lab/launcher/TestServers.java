package lab.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One real Redis and one real PostgreSQL for every test of this JVM that needs a server of its own (the lab's
 * "external" servers), started on first use from the Maven Central binaries — what a fresh machine has — and
 * stopped when the test JVM exits.
 */
public final class TestServers {
    private static RedisServer redis;
    private static PostgresServer postgres;
    private static Path dir;

    private TestServers() {}

    public static synchronized RedisServer redis() {
        if (redis == null) {
            try {
                redis = RedisServer.start(dir().resolve("redis"), ServerBinaries.EMBEDDED_ONLY);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return redis;
    }

    public static synchronized PostgresServer postgres() {
        if (postgres == null) {
            try {
                postgres = PostgresServer.start(dir().resolve("postgres"), ServerBinaries.EMBEDDED_ONLY);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return postgres;
    }

    private static Path dir() throws IOException {
        if (dir == null) {
            dir = Files.createTempDirectory("schedlock-tests-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                synchronized (TestServers.class) {
                    if (redis != null) {
                        redis.close();
                    }
                    if (postgres != null) {
                        postgres.close();
                    }
                    SessionFolder.deleteTree(dir);
                }
            }));
        }
        return dir;
    }
}
