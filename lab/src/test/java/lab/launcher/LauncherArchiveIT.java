package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code ./run.sh} gives the launcher JVM a class-data archive of its own, as the launcher gives its workers theirs:
 * the first run after a build that runs a lab writes it beside the jar as it exits, and the next run maps it. Runs after the package
 * phase, since run.sh starts the built jar; the archive it writes is the one every later run uses.
 */
class LauncherArchiveIT {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path TARGET = REPO.resolve("lab/target");

    @Test
    void the_first_lab_run_writes_the_launchers_archive_as_it_exits_and_the_next_run_maps_it() throws Exception {
        for (Path old : archives("lab-launcher-*.jsa*")) {
            Files.delete(old);
        }

        // A run that starts no lab writes none: its few classes would be all that later runs map.
        Process version = new ProcessBuilder(REPO.resolve("run.sh").toString(), "--version")
                .redirectErrorStream(true)
                .start();
        version.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        assertThat(version.waitFor(120, TimeUnit.SECONDS)).as("--version ended").isTrue();
        assertThat(version.exitValue()).as("--version's exit code").isZero();
        assertThat(archives("lab-launcher-*.jsa*"))
                .as("archives after --version")
                .isEmpty();

        Process first = runSh();
        assertThat(first.waitFor(120, TimeUnit.SECONDS))
                .as("the first run ended")
                .isTrue();
        assertThat(first.exitValue()).as("the first run's exit code").isZero();
        List<Path> written = archives("lab-launcher-*.jsa");
        assertThat(written).as("the archive beside the jar").hasSize(1);
        assertThat(Files.size(written.get(0))).isPositive();
        assertThat(archives("lab-launcher-*.jsa.*.tmp"))
                .as("temporary archives left")
                .isEmpty();

        Process second = runSh();
        try {
            // The launcher is run.sh's java child; its memory maps name the archive once the JVM has mapped it, which
            // is before its main method runs: by its first line of output.
            String line = new String(second.getInputStream().readNBytes(1), StandardCharsets.UTF_8);
            assertThat(line).as("the second run's first output").isNotEmpty();
            ProcessHandle java = second.toHandle()
                    .children()
                    .filter(c -> c.info().command().orElse("").endsWith("java"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no java under run.sh " + second.pid()));
            String maps = Files.readString(Path.of("/proc", String.valueOf(java.pid()), "maps"));
            assertThat(maps)
                    .as("the launcher's mapped files")
                    .contains(written.get(0).getFileName().toString());
        } finally {
            second.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            assertThat(second.waitFor(120, TimeUnit.SECONDS))
                    .as("the second run ended")
                    .isTrue();
        }
        assertThat(second.exitValue()).as("the second run's exit code").isZero();
        assertThat(archives("lab-launcher-*.jsa")).as("the archive, kept").isEqualTo(written);
    }

    private static Process runSh() throws IOException {
        return new ProcessBuilder(REPO.resolve("run.sh").toString(), "--headless", "--workers", "1", "--duration", "2s")
                .redirectErrorStream(true)
                .start();
    }

    private static List<Path> archives(String glob) throws IOException {
        List<Path> found = new java.util.ArrayList<>();
        try (var dir = Files.newDirectoryStream(TARGET, glob)) {
            dir.forEach(found::add);
        }
        try (Stream<Path> s = found.stream()) {
            return s.sorted().toList();
        }
    }
}
