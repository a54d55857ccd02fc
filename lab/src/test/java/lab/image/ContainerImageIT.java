package lab.image;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.BufferedInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The image that {@code mvn -B verify} builds (Jib, FROM scratch, to {@code lab/target/lab-image.tar}) holds all that
 * its entrypoint runs: its layers, unpacked in order into an empty folder, become the root of a process — its own
 * mount and PID namespaces, {@code /proc} mounted as a container runtime mounts it, the image's user and working
 * folder — and the entrypoint's java and the lab's help run there, with nothing of the machine beside them. Skipped,
 * saying why, only where the image was not built ({@code -Dlab.image.skip=true}) or this process lacks the
 * capabilities to change a root.
 */
class ContainerImageIT {
    @TempDir
    static Path dir;

    private static Path root;
    private static List<String> entrypoint;
    private static String user;
    private static String workingDir;
    private static String unshare;

    @BeforeAll
    static void unpack_the_image_into_an_empty_root() throws Exception {
        Assumptions.assumeFalse(
                Boolean.getBoolean("lab.image.skip"), "the image was not built (-Dlab.image.skip=true)");
        Path tar = Path.of(System.getProperty("lab.image.tar", "target/lab-image.tar"));
        assertThat(tar).as("the image tarball the package phase builds").isRegularFile();
        // What unshare does below needs these capabilities, not uid 0: a root without them (a container's) cannot,
        // and a user granted them can.
        missingCapabilities().ifPresent(Assumptions::abort);
        unshare = onPath("unshare").orElse(null);
        Assumptions.assumeTrue(unshare != null, "no unshare on PATH (util-linux): nothing to change a root with");

        Path image = dir.resolve("image");
        untar(Files.newInputStream(tar), image);
        List<Object> manifest = JSON.std.listFrom(image.resolve("manifest.json").toFile());
        Map<?, ?> only = (Map<?, ?>) manifest.get(0);
        List<?> layers = (List<?>) only.get("Layers");
        assertThat(layers).as("the image's layers (manifest.json)").isNotEmpty();

        root = dir.resolve("root");
        Files.createDirectories(root);
        // In order: a later layer's file replaces an earlier one's, as a container runtime stacks them.
        for (Object layer : layers) {
            untar(new GZIPInputStream(Files.newInputStream(image.resolve((String) layer))), root);
        }
        // The mount point a runtime makes for /proc; glibc reads /proc/self/exe to resolve java's $ORIGIN.
        Files.createDirectories(root.resolve("proc"));

        Map<String, Object> config =
                JSON.std.mapFrom(image.resolve((String) only.get("Config")).toFile());
        Map<?, ?> run = (Map<?, ?>) config.get("config");
        entrypoint =
                ((List<?>) run.get("Entrypoint")).stream().map(String::valueOf).toList();
        user = String.valueOf(run.get("User"));
        workingDir = String.valueOf(run.get("WorkingDir"));
    }

    @Test
    void the_entrypoints_java_runs_from_the_images_own_layers() throws Exception {
        String out = inRoot(List.of(entrypoint.get(0), "-version"));

        assertThat(out)
                .as("java -version of the image's runtime")
                .contains("version \"" + System.getProperty("java.specification.version"))
                .contains("Runtime Environment");
        // Nothing of the machine's JDK came along: the runtime is the jlinked one under /opt/java, FROM scratch.
        assertThat(root.resolve("usr")).as("a /usr in the image").doesNotExist();
        assertThat(entrypoint.get(0)).isEqualTo("/opt/java/bin/java");
    }

    @Test
    void the_entrypoint_runs_the_labs_help_from_the_images_own_layers() throws Exception {
        List<String> command = new ArrayList<>(entrypoint);
        command.add("--help");

        String out = inRoot(command);

        assertThat(out).as("the lab's --help in the image").startsWith("Usage: run.sh");
        assertThat(out).contains("--redis-url=URL", "--pg-url=URL", "--store=STORE");
    }

    @Test
    void the_entrypoint_runs_the_workers_help_from_the_images_own_layers() throws Exception {
        // What every worker pod runs (deploy/k8s/workers.yaml): the worker alone, reporting to the dashboard pod.
        List<String> command = new ArrayList<>(entrypoint);
        command.addAll(List.of("worker", "--help"));

        String out = inRoot(command);

        assertThat(out).as("the worker's --help in the image").startsWith("Usage: run.sh worker");
        assertThat(out).contains("--report-to=URL", "--token-file=FILE", "--http-port=N");
    }

    @Test
    void the_images_runtime_holds_the_modules_the_lab_needs_and_not_the_whole_jdk() throws Exception {
        String out = inRoot(List.of(entrypoint.get(0), "--list-modules"));

        assertThat(out).contains("java.base@", "java.sql@", "java.management@", "jdk.unsupported@");
        assertThat(out).as("the image's modules").doesNotContain("jdk.compiler@", "jdk.jshell@", "jdk.jdwp.agent@");
    }

    @Test
    void the_dashboards_stty_runs_from_the_images_own_layers() throws Exception {
        // Lanterna puts the attached terminal in raw mode with /bin/stty; an image without it has no dashboard.
        String out = inRoot(List.of("/bin/stty", "--version"));

        assertThat(out).as("stty --version in the image").contains("stty");
    }

    /**
     * The capabilities this process's effective set lacks for {@link #inRoot}, in one line, or empty: CAP_SYS_ADMIN
     * for the mount and PID namespaces and /proc, CAP_SYS_CHROOT for the root, CAP_SETUID and CAP_SETGID for the
     * image's user. Read from CapEff in /proc/self/status, the kernel's own account.
     */
    private static Optional<String> missingCapabilities() throws IOException {
        String capEff = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("CapEff:"))
                .map(l -> l.substring("CapEff:".length()).strip())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no CapEff line in /proc/self/status"));
        long effective = Long.parseUnsignedLong(capEff, 16);
        Map<String, Integer> needed =
                Map.of("CAP_SETGID", 6, "CAP_SETUID", 7, "CAP_SYS_CHROOT", 18, "CAP_SYS_ADMIN", 21);
        List<String> missing = needed.entrySet().stream()
                .filter(e -> (effective & (1L << e.getValue())) == 0)
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
        return missing.isEmpty()
                ? Optional.empty()
                : Optional.of("this process lacks " + String.join(", ", missing) + " (CapEff " + capEff
                        + "): unsharing namespaces, changing the root and the user need them");
    }

    /** Runs a command in the unpacked root as the image's user, in its working folder, with its (empty) environment. */
    @Test
    void the_images_runtime_has_no_compiler_and_the_exam_says_so_in_one_line() throws Exception {
        List<String> command = new ArrayList<>(entrypoint);
        command.addAll(List.of("exam", "MyLock.java"));

        Ran ran = runInRoot(command);

        assertThat(ran.exit())
                .as("the exam's exit code in the image; output: %s", ran.out())
                .isEqualTo(3);
        assertThat(ran.out().strip())
                .startsWith("error: this Java runtime has no compiler (javac): the exam compiles your file;")
                .doesNotContain("\n");
    }

    /** A command's exit code and its output (stdout and stderr together). */
    private record Ran(int exit, String out) {}

    private static String inRoot(List<String> command) throws Exception {
        Ran ran = runInRoot(command);
        assertThat(ran.exit())
                .as("%s in the image's root (%s): exit code; output: %s", command, root, ran.out())
                .isZero();
        return ran.out();
    }

    private static Ran runInRoot(List<String> command) throws Exception {
        String[] ids = user.split(":");
        List<String> cmd = new ArrayList<>(List.of(
                unshare,
                "--fork",
                "--pid",
                "--mount",
                // Mounted after the root is changed, so /proc is the root's own (made above).
                "--mount-proc=/proc",
                "--root=" + root,
                "--wd=" + workingDir,
                "--setuid=" + ids[0],
                "--setgid=" + (ids.length > 1 ? ids[1] : ids[0])));
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().clear();
        // Output to a file, not a pipe read before the wait: a java that hangs in the root cannot hold the build past
        // the limit.
        Path log = Files.createTempFile("image-run", ".log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        boolean ended = p.waitFor(60, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        assertThat(ended)
                .as("%s in the image's root: still running after 60 s; so far: %s", command, out)
                .isTrue();
        return new Ran(p.exitValue(), out);
    }

    /** Unpacks a tar stream into {@code into}; an entry that would land outside it, or a whiteout, fails the test. */
    private static void untar(InputStream raw, Path into) throws IOException {
        Files.createDirectories(into);
        Path realInto = into.toRealPath();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new BufferedInputStream(raw))) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                Path target = into.resolve(e.getName()).normalize();
                assertThat(target.startsWith(into))
                        .as("tar entry %s stays inside %s", e.getName(), into)
                        .isTrue();
                // Written as root: a link made by an earlier entry must not carry a later one outside the root.
                assertThat(nearestExisting(target.getParent()).toRealPath().startsWith(realInto))
                        .as("tar entry %s is written through no link that leaves %s", e.getName(), into)
                        .isTrue();
                // An image FROM scratch built in one go deletes nothing from a layer below.
                assertThat(target.getFileName().toString())
                        .as("tar entry %s", e.getName())
                        .doesNotStartWith(".wh.");
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else if (e.isSymbolicLink()) {
                    Files.createDirectories(target.getParent());
                    Files.deleteIfExists(target);
                    Files.createSymbolicLink(target, Path.of(e.getLinkName()));
                    continue;
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.setPosixFilePermissions(target, permissions(e.getMode()));
            }
        }
    }

    /** The folder itself or, if it is not made yet, its closest ancestor that is: where the write would really go. */
    private static Path nearestExisting(Path folder) {
        Path p = folder;
        while (!Files.exists(p)) p = p.getParent();
        return p;
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = PosixFilePermission.values(); // OWNER_READ … OTHERS_EXECUTE, high bit first
        for (int i = 0; i < 9; i++) {
            if ((mode & (1 << (8 - i))) != 0) set.add(bits[i]);
        }
        return set;
    }

    private static Optional<String> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) return Optional.empty();
        return Stream.of(path.split(File.pathSeparator))
                .map(d -> Path.of(d, name))
                .filter(Files::isExecutable)
                .map(Path::toString)
                .findFirst();
    }
}
