package lab.fleet;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The worker JVMs' class-data sharing archive (AppCDS), kept beside the lab's jar and named after the JDK that made
 * it. Every worker maps the classes it would otherwise load, parse and verify from the jar, and the pages are
 * shared by all of them: a worker starts sooner and its share of memory (PSS) is smaller.
 *
 * <p>There is none on a first run, or after the jar was rebuilt: the first worker the launcher forks then writes one
 * as it stops ({@code -XX:ArchiveClassesAtExit}, the JDK 17 way; the classes it loaded in its life are exactly what
 * the next run's workers need), under a temporary name that is moved into place only when that worker ended well.
 * Where the jar's folder is read-only, or the class path is not one jar (the JDK archives classes from jars only:
 * the tests run from {@code target/classes}), workers simply start without it; the launcher says so once.
 */
public final class ClassArchive {
    private final Path archive;
    private final Path writing;
    private final String without;
    private final AtomicBoolean writerChosen = new AtomicBoolean();

    private ClassArchive(Path archive, Path writing, String without) {
        this.archive = archive;
        this.writing = writing;
        this.without = without;
    }

    /** The archive for this JVM's class path and version; {@code pid} names the launcher's temporary file. */
    public static ClassArchive forThisJvm(long pid) {
        return of(System.getProperty("java.class.path"), Runtime.version().toString(), pid);
    }

    static ClassArchive of(String classPath, String javaVersion, long pid) {
        if (classPath == null || classPath.contains(File.pathSeparator) || !classPath.endsWith(".jar")) {
            return new ClassArchive(
                    null,
                    null,
                    "workers start without a class-data archive: the JDK archives classes from one jar only");
        }
        Path jar = Path.of(classPath).toAbsolutePath();
        Path dir = jar.getParent();
        String name = "lab-worker-" + javaVersion.replaceAll("[^A-Za-z0-9.]", "_") + ".jsa";
        Path archive = dir.resolve(name);
        sweepStale(dir);
        if (fresh(archive, jar)) {
            return new ClassArchive(archive, null, null);
        }
        try {
            // A rebuilt jar makes the old archive useless (the JDK would refuse it with a warning): it goes.
            Files.deleteIfExists(archive);
        } catch (IOException e) {
            // read-only, or gone already: either way it will not be used
        }
        if (!Files.isWritable(dir)) {
            return new ClassArchive(
                    null,
                    null,
                    "workers start without a class-data archive: " + dir.getFileName()
                            + "/ is read-only, so none can be written beside the jar (slower start, more memory)");
        }
        return new ClassArchive(
                null,
                dir.resolve(name + "." + pid + ".tmp"),
                "workers start without a class-data archive this time: the first worker writes " + name
                        + " beside the jar as it stops, and the next run starts faster and smaller");
    }

    /** The flags for the next worker JVM: read the archive, or (for one worker only) write it at exit, or none. */
    synchronized List<String> flags() {
        if (archive != null) {
            return List.of("-XX:SharedArchiveFile=" + archive);
        }
        if (writing != null && writerChosen.compareAndSet(false, true)) {
            return List.of("-XX:ArchiveClassesAtExit=" + writing);
        }
        return List.of();
    }

    /** Whether {@code flags} names the archive being written. */
    boolean writes(List<String> flags) {
        return writing != null && flags.contains("-XX:ArchiveClassesAtExit=" + writing);
    }

    /**
     * The writer ended: its archive is moved into place if it ended well (0 or SIGTERM's 143); one killed while
     * writing leaves a partial file, which is removed.
     */
    synchronized void writerExited(int exitCode) {
        try {
            if ((exitCode == 0 || exitCode == 143) && Files.size(writing) > 0) {
                Files.move(writing, writing.resolveSibling(name()), StandardCopyOption.ATOMIC_MOVE);
                return;
            }
        } catch (IOException e) {
            // not written (the worker died first) or not movable: fall through and leave nothing behind
        }
        try {
            Files.deleteIfExists(writing);
        } catch (IOException e) {
            // nothing more to do: the next run sweeps it
        }
    }

    /** One line when the workers start without an archive; empty when they share one. */
    public String withoutIt() {
        return without == null ? "" : without;
    }

    private String name() {
        String file = writing.getFileName().toString();
        return file.substring(0, file.indexOf(".jsa") + 4);
    }

    private static boolean fresh(Path archive, Path jar) {
        try {
            return Files.size(archive) > 0
                    && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Temporary archives of launchers that are gone (a kill -9 while their writer was stopping). */
    private static void sweepStale(Path dir) {
        try (DirectoryStream<Path> tmps = Files.newDirectoryStream(dir, "lab-worker-*.jsa.*.tmp")) {
            for (Path tmp : tmps) {
                String f = tmp.getFileName().toString();
                String pid = f.substring(f.indexOf(".jsa.") + 5, f.length() - 4);
                boolean alive = pid.matches("\\d+")
                        && ProcessHandle.of(Long.parseLong(pid)).isPresent();
                if (!alive) {
                    Files.deleteIfExists(tmp);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a folder we cannot list or clean is not a reason to stop the lab
        }
    }
}
