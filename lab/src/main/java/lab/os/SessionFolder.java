package lab.os;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The session's temp folder ({@code schedlock-<launcher pid>-…}): H2's data, server binaries and their data.
 * Removed at exit. A launcher killed with {@code -9} cannot remove its own, so every launcher first removes the
 * folders of launchers that are no longer alive (and {@code run.sh} removes its session's folder itself).
 */
public final class SessionFolder implements AutoCloseable {
    private static final String PREFIX = "schedlock-";
    private final Path path;

    private SessionFolder(Path path) {
        this.path = path;
    }

    public static SessionFolder create() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        sweepStale(tmp);
        return new SessionFolder(
                Files.createTempDirectory(tmp, PREFIX + ProcessHandle.current().pid() + "-"));
    }

    public Path path() {
        return path;
    }

    public Path sub(String name) throws IOException {
        return Files.createDirectories(path.resolve(name));
    }

    /**
     * Writes {@code content} to a file that only the lab's user can read (mode 0600, set as it is created, so that
     * it is never readable by others even for a moment): a password's place.
     */
    public static Path privateFile(Path file, String content) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    @Override
    public void close() {
        deleteTree(path);
    }

    private static void sweepStale(Path tmp) {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            for (Path dir : dirs) {
                String[] parts = dir.getFileName().toString().split("-");
                if (parts.length < 3) {
                    continue;
                }
                try {
                    long pid = Long.parseLong(parts[1]);
                    if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                        continue;
                    }
                } catch (NumberFormatException notOurs) {
                    continue;
                }
                deleteTree(dir);
            }
        } catch (IOException | UncheckedIOException ignored) {
            // a sweep is a courtesy: a folder we cannot read is not ours to worry about
        }
    }

    public static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // left for the next sweep
                }
            });
        } catch (IOException | UncheckedIOException ignored) {
            // left for the next sweep
        }
    }
}
