package lab.servers;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.os.Spawner;

/**
 * The server programs this machine has, found where distributions put them, and the versions they report.
 *
 * <p>A program is always run under the path it was found by, never a resolved link: Debian's
 * {@code /usr/bin/redis-server} is a link to {@code redis-check-rdb}, one binary that decides from its
 * {@code argv[0]} which program to be.
 */
public final class MachinePrograms {
    /** Where Debian and Ubuntu keep each PostgreSQL major's server programs (not on the PATH). */
    private static final Path DEBIAN_POSTGRES = Path.of("/usr/lib/postgresql");

    private final String searchPath;
    private final Path debianPostgres;

    MachinePrograms(String searchPath, Path debianPostgres) {
        this.searchPath = searchPath;
        this.debianPostgres = debianPostgres;
    }

    /** This machine as the launcher's environment describes it. */
    static MachinePrograms here() {
        return new MachinePrograms(System.getenv().getOrDefault("PATH", ""), DEBIAN_POSTGRES);
    }

    /** The executable {@code name} on the search path, as found (links not resolved). */
    Optional<Path> onPath(String name) {
        for (String entry : searchPath.split(":")) {
            if (entry.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(entry, name);
            // isRegularFile follows links: a dangling one is no program, and a link to a program is one.
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * The folder that holds {@code postgres} and {@code initdb}: beside a {@code postgres} on the search path (or
     * beside the file it links to), else {@code pg_config --bindir}, else the newest major under
     * {@code /usr/lib/postgresql/<major>/bin}.
     */
    Optional<Path> postgresBin() {
        List<Path> candidates = new ArrayList<>();
        onPath("postgres").ifPresent(postgres -> {
            candidates.add(postgres.getParent());
            try {
                candidates.add(postgres.toRealPath().getParent());
            } catch (IOException vanished) {
                // the link went away since it was found: the other candidates remain
            }
        });
        onPath("pg_config")
                .flatMap(pgConfig -> firstLine(pgConfig, "--bindir"))
                .ifPresent(dir -> candidates.add(Path.of(dir)));
        candidates.addAll(debianMajors());
        return candidates.stream()
                .filter(dir -> Files.isExecutable(dir.resolve("postgres")) && Files.isExecutable(dir.resolve("initdb")))
                .findFirst();
    }

    private List<Path> debianMajors() {
        List<Path> bins = new ArrayList<>();
        try (DirectoryStream<Path> majors = Files.newDirectoryStream(debianPostgres)) {
            for (Path major : majors) {
                if (major.getFileName().toString().matches("\\d+(\\.\\d+)?")) {
                    bins.add(major.resolve("bin"));
                }
            }
        } catch (IOException none) {
            return List.of();
        }
        bins.sort(Comparator.comparing(
                        (Path p) -> Version.parse(p.getParent().getFileName().toString()))
                .reversed());
        return bins;
    }

    /**
     * The version that {@code program --version} reports, found by {@code pattern}'s first group; throws with what
     * it said instead when it says no version.
     */
    static Version version(Path program, Pattern pattern) throws IOException {
        Said said = run(program, "--version");
        Matcher m = pattern.matcher(said.firstLine());
        if (said.exitCode() != 0 || !m.find()) {
            throw new IOException("the machine's " + program.getFileName() + " (" + program + ") tells no version:"
                    + " --version exited " + said.exitCode()
                    + (said.firstLine().isEmpty() ? " saying nothing" : ": " + said.firstLine()));
        }
        return Version.parse(m.group(1));
    }

    /** What a short-lived program said: its exit code (-1: it did not end within a few seconds) and first line. */
    private record Said(int exitCode, String firstLine) {}

    private static Optional<String> firstLine(Path program, String argument) {
        try {
            Said said = run(program, argument);
            return said.exitCode() == 0 && !said.firstLine().isEmpty()
                    ? Optional.of(said.firstLine())
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Said run(Path program, String argument) throws IOException {
        Process p = Spawner.start(new ProcessBuilder(program.toString(), argument).redirectErrorStream(true));
        p.getOutputStream().close();
        try {
            // A version line fits the pipe's buffer: wait first, so that a program that hangs cannot hang us.
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Said(-1, "");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while running " + program + " " + argument);
        }
        byte[] out = p.getInputStream().readNBytes(4096);
        String first = new String(out, StandardCharsets.UTF_8)
                .lines()
                .findFirst()
                .orElse("")
                .strip();
        return new Said(p.exitValue(), first);
    }
}
