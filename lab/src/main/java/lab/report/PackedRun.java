package lab.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A run folder as one file to share (a zip, with the JDK's own classes): a trainer packs lessons at home and plays
 * them in the room; a learner sends the run they do not understand. Its first entry, {@value #MARK}, says which
 * format it is in, so that a lab older than the file says so instead of misreading it; then the folder's files, under
 * the folder's own name, which the report prints: a packed run's report is the folder's, word for word.
 */
public final class PackedRun {
    /** The format this lab writes, and the newest it reads. */
    public static final int FORMAT = 1;

    static final String MARK = "lab-pack.properties";
    /** Drawn from the folder, not part of it: each lab writes its own. */
    private static final String LEFT_OUT = Report.FILE;

    private PackedRun() {}

    /** Writes the run folder {@code dir} as {@code file}, whole or not at all (a temporary file moved into place). */
    public static void write(Path dir, Path file) throws BadRunFolder, IOException {
        RunFolder.read(dir); // a folder the replay and the report cannot open is not worth sharing
        Path abs = file.toAbsolutePath();
        Path parent = abs.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        String name = dir.toAbsolutePath().normalize().getFileName().toString();
        // Not a temp file's name: those are readable by their owner alone, and this one is made to be shared.
        Path part = abs.resolveSibling(
                "." + abs.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        try {
            try (OutputStream out = Files.newOutputStream(part);
                    ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8)) {
                zip.putNextEntry(new ZipEntry(MARK));
                String mark = "# Scheduler Lock Lab: one run folder, packed by ./run.sh replay RUN --pack FILE\n"
                        + "format=" + FORMAT + "\nrun=" + name + "\n";
                zip.write(mark.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
                for (Path f : files(dir)) {
                    zip.putNextEntry(new ZipEntry(name + "/" + f.getFileName()));
                    Files.copy(f, zip);
                    zip.closeEntry();
                }
            }
            Files.move(part, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            return all.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().equals(LEFT_OUT))
                    .sorted()
                    .toList();
        }
    }

    /**
     * The run folder inside {@code file}, unpacked into a temporary folder of the folder's own name (removed when
     * this JVM exits). Throws, in one line, for a file that is not a packed run or that a newer lab packed.
     */
    static Path unpack(Path file) throws BadRunFolder {
        try (InputStream in = Files.newInputStream(file);
                ZipInputStream zip = new ZipInputStream(in, StandardCharsets.UTF_8)) {
            ZipEntry first = zip.getNextEntry();
            if (first == null || !first.getName().equals(MARK)) {
                throw notAPack(file, "no " + MARK + " first");
            }
            Properties mark = new Properties();
            mark.load(new StringReader(new String(zip.readAllBytes(), StandardCharsets.UTF_8)));
            int format = format(file, mark.getProperty("format"));
            if (format > FORMAT) {
                throw new BadRunFolder(file + ": packed by a newer version of the lab (pack format " + format
                        + "; this lab reads format " + FORMAT + " and older): update the lab to open it");
            }
            String name = mark.getProperty("run", "");
            if (!simpleName(name)) {
                throw notAPack(file, "run=" + name + " is not a folder's name");
            }
            Path root = Files.createTempDirectory("schedlock-pack-");
            Path dir = Files.createDirectory(root.resolve(name));
            List<Path> written = new ArrayList<>(List.of(root, dir));
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                String entry = e.getName();
                String base = entry.startsWith(name + "/") ? entry.substring(name.length() + 1) : "";
                // Only the folder's own files: a name with a path in it could write outside the folder.
                if (e.isDirectory() || !simpleName(base)) {
                    throw notAPack(file, "entry " + entry + " is not a file of " + name);
                }
                Path f = dir.resolve(base);
                Files.copy(zip, f);
                written.add(f);
            }
            // deleteOnExit removes in the reverse order of registration: files first, then their folders.
            written.forEach(p -> p.toFile().deleteOnExit());
            return dir;
        } catch (ZipException e) {
            throw notAPack(file, e.getMessage());
        } catch (IOException e) {
            throw new BadRunFolder(file + ": cannot read: " + e);
        }
    }

    private static int format(Path file, String value) throws BadRunFolder {
        try {
            return Integer.parseInt(value == null ? "" : value.strip());
        } catch (NumberFormatException e) {
            throw notAPack(file, "format=" + value + " is not a number");
        }
    }

    private static boolean simpleName(String name) {
        return !name.isEmpty()
                && !name.contains("/")
                && !name.contains("\\")
                && !name.equals(".")
                && !name.equals("..");
    }

    private static BadRunFolder notAPack(Path file, String why) {
        return new BadRunFolder(file + ": expected a run folder or a file packed by ./run.sh replay RUN --pack FILE,"
                + " found a file that is not one (" + why + ")");
    }
}
