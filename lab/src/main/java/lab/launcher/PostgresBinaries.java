package lab.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The PostgreSQL programs to run, and how: PostgreSQL refuses to run as root, and CI runs as root. As root, each
 * program runs in a new user namespace ({@code unshare -U}, as zonky does): there it sees itself, and its root-owned
 * files, as the unmapped user 65534, so its "not root" and "data directory is mine" checks both pass, while the
 * kernel still grants it the launcher's access to the files. {@code unshare} execs in place, so the postmaster
 * stays the launcher's direct child and keeps the parent-death signal.
 */
final class PostgresBinaries {
    private static final Path UNSHARE = Path.of("/usr/bin/unshare");
    private final Path bin;
    private final String source;

    private PostgresBinaries(Path bin, String source) {
        this.bin = bin;
        this.source = source;
    }

    /** The machine's postgres and initdb (side by side) when allowed and present; else zonky's, unpacked in dir. */
    static PostgresBinaries find(ServerBinaries choice, Path dir, String resource, String embeddedName)
            throws IOException {
        Path machine = choice.onPath("postgres").map(Path::getParent).orElse(null);
        if (machine != null && Files.isExecutable(machine.resolve("initdb"))) {
            return new PostgresBinaries(machine, "machine");
        }
        Path home = dir.resolve("pgsql");
        if (!Files.isExecutable(home.resolve("bin/postgres"))) {
            Unpacker.tarXz(resource, home);
        }
        return new PostgresBinaries(home.resolve("bin"), embeddedName);
    }

    String source() {
        return source;
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

    /** A fresh cluster in {@code data}: superuser postgres, trust on loopback, no fsync (a lab's data is disposable). */
    void initdb(Path data, Path log) throws IOException {
        List<String> command = command("initdb");
        command.addAll(List.of(
                "-D", data.toString(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"));
        ServerProcess initdb = ServerProcess.start("initdb", command, log);
        initdb.awaitExit(Duration.ofSeconds(60));
        if (initdb.exitCode() != 0) {
            throw new IOException("initdb exited " + initdb.exitCode() + ": " + initdb.lastLogLine());
        }
    }

    private static boolean isRoot() throws IOException {
        // /proc/self belongs to the process's effective user: no JNI, no parsing of `id`.
        return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    }
}
