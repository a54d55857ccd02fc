package lab.servers;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import lab.nemesis.ServerName;
import lab.os.FreePort;
import lab.os.SessionFolder;
import lab.os.Spawner;
import lab.protocol.ServerSource;

/**
 * A real PostgreSQL on 127.0.0.1 and a free port, with its binaries and data in {@code dir}; it can be stopped and
 * started again on the same port and data, closed by the session's password (scram-sha-256 on every connection),
 * and dies with the launcher.
 *
 * <p>The postmaster is started here, through {@link Spawner}, as the launcher's direct child: zonky's own start
 * goes through {@code pg_ctl}, which daemonizes the postmaster out of reach of the parent-death signal. Zonky's
 * artifact is used for its binaries only. The backends end by themselves when the postmaster dies.
 */
public final class PostgresServer extends OwnedServer {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final PostgresBinaries binaries;

    private PostgresServer(
            Path dir, PostgresBinaries binaries, int port, String password, String note, List<String> alsoOn) {
        super(dir, port, password, note, alsoOn);
        this.binaries = binaries;
    }

    /** On a port chosen beforehand, so that its URL can be handed out before it exists. */
    public static PostgresServer start(Path dir, ServerSource source, int port, String password) throws IOException {
        return start(dir, source, port, password, MachinePrograms.here(), List.of());
    }

    /** The same, also listening on {@code alsoOn} (the launcher's side of each simulated host's link). */
    public static PostgresServer start(Path dir, ServerSource source, int port, String password, List<String> alsoOn)
            throws IOException {
        return start(dir, source, port, password, MachinePrograms.here(), alsoOn);
    }

    static PostgresServer start(Path dir, ServerSource source, int port, String password, MachinePrograms machine)
            throws IOException {
        return start(dir, source, port, password, machine, List.of());
    }

    static PostgresServer start(
            Path dir, ServerSource source, int port, String password, MachinePrograms machine, List<String> alsoOn)
            throws IOException {
        long t0 = System.nanoTime();
        Files.createDirectories(dir);
        return SourceChoice.start(
                ServerName.POSTGRES.toString(),
                source,
                note -> {
                    PostgresBinaries binaries = PostgresBinaries.machine(machine);
                    try {
                        return fresh(dir, binaries, port, password, note, t0, alsoOn);
                    } catch (InterruptedIOException stopping) {
                        throw stopping;
                    } catch (IOException e) {
                        SessionFolder.deleteTree(dir.resolve("data")); // the next attempt runs its own initdb
                        throw new IOException("the machine's postgres failed (" + e.getMessage() + ")", e);
                    }
                },
                note -> fresh(dir, PostgresBinaries.embedded(dir), port, password, note, t0, alsoOn),
                PostgresBinaries.EMBEDDED);
    }

    private static PostgresServer fresh(
            Path dir, PostgresBinaries binaries, int port, String password, String note, long t0, List<String> alsoOn)
            throws IOException {
        PostgresServer server = new PostgresServer(dir, binaries, port, password, note, alsoOn);
        try {
            binaries.initdb(dir.resolve("data"), dir.resolve("initdb.log"), password);
            if (!alsoOn.isEmpty()) {
                // initdb lets in loopback only; the simulated hosts' links come from 10.212.0.0/15, by password too.
                Files.writeString(
                        dir.resolve("data").resolve("pg_hba.conf"),
                        "host all all 10.212.0.0/15 scram-sha-256\n",
                        StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            throw server.failure(e);
        }
        server.launch(t0);
        return server;
    }

    @Override
    protected ServerProcess startProcess() throws IOException {
        Path data = dir.resolve("data");
        List<String> command = new ArrayList<>(binaries.command("postgres"));
        command.addAll(List.of(
                "-D",
                data.toString(),
                "-p",
                Integer.toString(port),
                // No Unix socket: everything connects over TCP, and a long temp path would overflow sun_path.
                "-k",
                "",
                "-c",
                "listen_addresses=" + String.join(",", bindAddresses()),
                // A lab on a small machine: losing data on a crash is fine, waiting for the disk is not. Connections:
                // up to 64 workers, each with one store and two lock connections, and the launcher's few.
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "shared_buffers=16MB",
                "-c",
                "max_connections=250",
                "-c",
                "huge_pages=off",
                // No launcher processes that sleep for long: a CI run saw the autovacuum launcher still asleep 10 s
                // after kill -9 of the lab (its postmaster gone), and a lab's few small tables need neither vacuum
                // nor logical replication.
                "-c",
                "autovacuum=off",
                "-c",
                "max_logical_replication_workers=0"));
        ServerProcess process =
                ServerProcess.start("postgres on 127.0.0.1:" + port, command, dir.resolve("postgres.log"));
        try {
            process.awaitReady(() -> isReady(data), READY_TIMEOUT);
        } catch (IOException e) {
            throw failure(e);
        }
        return process;
    }

    /**
     * What {@code pg_ctl -w} reads: the postmaster writes "ready" on the 8th line of postmaster.pid once it accepts
     * connections. The socket check then proves the port is really ours.
     */
    private boolean isReady(Path data) throws IOException {
        List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"));
        return lines.size() >= 8 && lines.get(7).strip().equals("ready") && FreePort.accepting(port);
    }

    private IOException failure(IOException cause) {
        return new IOException(
                "postgres server (" + binaries.source() + ") could not start on 127.0.0.1:" + port + ": "
                        + cause.getMessage(),
                cause);
    }

    /** Fast shutdown (SIGINT): open sessions are cut, as in a real outage; SIGTERM would wait for them to leave. */
    @Override
    protected String name() {
        return ServerName.POSTGRES.toString();
    }

    @Override
    protected void stopProcess() {
        if (process != null && process.alive()) {
            try {
                process.signal("INT");
                process.awaitExit(Duration.ofSeconds(10));
            } catch (IOException e) {
                process.stopNow();
            }
        }
    }

    /** With the session's password in it: for the lab's own clients, never for a line a person reads. */
    @Override
    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres&password=" + password;
    }

    /** "machine 15.18" or "embedded 14.22". */
    @Override
    public String source() {
        return binaries.source();
    }

    @Override
    public String detail() {
        return binaries.detail();
    }
}
