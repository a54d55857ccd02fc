package lab.servers;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/** Server binaries out of the jars on the classpath that carry them, into a folder the lab owns. */
public final class Unpacker {
    private Unpacker() {}

    /** Copies one classpath resource to {@code target} and makes it executable. */
    static Path executable(String resource, Path target) throws IOException {
        try (InputStream in = open(resource)) {
            Files.createDirectories(target.getParent());
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.setPosixFilePermissions(
                target,
                EnumSet.of(
                        PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.OWNER_EXECUTE));
        return target;
    }

    /** Unpacks a {@code .txz} classpath resource into {@code targetDir}, keeping modes and symlinks. */
    static void tarXz(String resource, Path targetDir) throws IOException {
        Path root = Files.createDirectories(targetDir).toRealPath();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(
                new XZCompressorInputStream(new BufferedInputStream(open(resource), 1 << 16)))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                Path target = root.resolve(entry.getName()).normalize();
                if (!target.startsWith(root)) {
                    throw new IOException(resource + ": entry " + entry.getName() + " points outside " + root);
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else if (entry.isSymbolicLink()) {
                    // The libraries' .so names are links; the loader follows them, so they must stay links.
                    Files.createDirectories(target.getParent());
                    Files.createSymbolicLink(target, Path.of(entry.getLinkName()));
                } else if (entry.isLink()) {
                    Files.createDirectories(target.getParent());
                    Files.createLink(target, root.resolve(entry.getLinkName()).normalize());
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(target, permissions(entry.getMode()));
                }
            }
        }
    }

    private static InputStream open(String resource) throws IOException {
        InputStream in = Unpacker.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("resource " + resource + " is not on the classpath (is its jar missing from lib/?)");
        }
        return in;
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = PosixFilePermission.values(); // OWNER_READ .. OTHERS_EXECUTE, high bit first
        for (int i = 0; i < bits.length; i++) {
            if ((mode & (1 << (8 - i))) != 0) {
                set.add(bits[i]);
            }
        }
        return set;
    }
}
