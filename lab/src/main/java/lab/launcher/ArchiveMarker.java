package lab.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells {@code run.sh} that this launcher ran a lab, so that the class-data archive it writes as it exits is worth
 * keeping: one written by {@code --help}, {@code --version} or a refused option would hold a handful of classes, and
 * every later run would map it instead of a full one. {@code run.sh} names the file ({@code -Dlab.archive.marker}).
 */
final class ArchiveMarker {
    private ArchiveMarker() {}

    /** Every worker answered: the classes a lab needs are loaded. */
    static void workersReady() {
        String marker = System.getProperty("lab.archive.marker");
        if (marker == null) {
            return;
        }
        try {
            Files.deleteIfExists(Path.of(marker));
            Files.createFile(Path.of(marker));
        } catch (IOException e) {
            // Nothing kept then: the next run writes the archive again.
        }
    }
}
