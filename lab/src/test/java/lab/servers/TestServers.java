package lab.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import lab.os.FreePort;
import lab.os.SessionFolder;
import lab.protocol.ServerSource;

/**
 * Real Redis and PostgreSQL servers for every test of this JVM that needs a server of its own (the lab's
 * "external" servers), started on first use and stopped when the test JVM exits: one of each from the Maven
 * Central binaries — what a fresh machine has — and, where this machine has its own, one of each from those.
 */
public final class TestServers {
    /** What the tests' servers are closed with; a lab session generates its own. */
    public static final String PASSWORD = Passwords.generate();

    private static RedisServer redis;
    private static PostgresServer postgres;
    private static RedisServer machineRedis;
    private static PostgresServer machinePostgres;
    private static Path dir;

    private TestServers() {}

    public static synchronized RedisServer redis() {
        if (redis == null) {
            redis = start(
                    () -> RedisServer.start(dir().resolve("redis"), ServerSource.EMBEDDED, FreePort.pick(), PASSWORD));
        }
        return redis;
    }

    public static synchronized PostgresServer postgres() {
        if (postgres == null) {
            postgres = start(() ->
                    PostgresServer.start(dir().resolve("postgres"), ServerSource.EMBEDDED, FreePort.pick(), PASSWORD));
        }
        return postgres;
    }

    /** The machine's own redis-server, or empty where it has none (the caller skips, saying so). */
    public static synchronized Optional<RedisServer> machineRedis() {
        if (machineRedis == null && hasMachineRedis()) {
            machineRedis = start(() ->
                    RedisServer.start(dir().resolve("machine-redis"), ServerSource.MACHINE, FreePort.pick(), PASSWORD));
        }
        return Optional.ofNullable(machineRedis);
    }

    /** The machine's own PostgreSQL, or empty where it has none. */
    public static synchronized Optional<PostgresServer> machinePostgres() {
        if (machinePostgres == null && hasMachinePostgres()) {
            machinePostgres = start(() -> PostgresServer.start(
                    dir().resolve("machine-postgres"), ServerSource.MACHINE, FreePort.pick(), PASSWORD));
        }
        return Optional.ofNullable(machinePostgres);
    }

    /** A Redis of the caller's own (from Maven Central), on a free port, that the caller stops and closes. */
    public static RedisServer startRedis(Path dir) throws IOException {
        return RedisServer.start(dir, ServerSource.EMBEDDED, FreePort.pick(), PASSWORD);
    }

    /** A PostgreSQL of the caller's own (from Maven Central), on a free port, that the caller stops and closes. */
    public static PostgresServer startPostgres(Path dir) throws IOException {
        return PostgresServer.start(dir, ServerSource.EMBEDDED, FreePort.pick(), PASSWORD);
    }

    public static boolean hasMachineRedis() {
        return MachinePrograms.here().onPath("redis-server").isPresent();
    }

    public static boolean hasMachinePostgres() {
        return MachinePrograms.here().postgresBin().isPresent();
    }

    private interface Start<S> {
        S start() throws IOException;
    }

    private static <S> S start(Start<S> start) {
        try {
            return start.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path dir() throws IOException {
        if (dir == null) {
            dir = Files.createTempDirectory("schedlock-tests-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                synchronized (TestServers.class) {
                    for (LabServer s : new LabServer[] {redis, postgres, machineRedis, machinePostgres}) {
                        if (s != null) {
                            s.close();
                        }
                    }
                    SessionFolder.deleteTree(dir);
                }
            }));
        }
        return dir;
    }
}
