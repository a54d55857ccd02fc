package lab.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a server's binaries come from: the machine's own when it has them, or always the ones that Maven Central
 * ships. Tests force the latter, since a fresh machine has no server installed and that is the case to prove.
 */
public enum ServerBinaries {
    MACHINE_FIRST,
    EMBEDDED_ONLY;

    /** {@code -Dlab.binaries=embedded} forces the binaries from Maven Central. */
    public static ServerBinaries fromSystemProperty() {
        return "embedded".equals(System.getProperty("lab.binaries")) ? EMBEDDED_ONLY : MACHINE_FIRST;
    }

    /** The executable {@code name} on the PATH, with symlinks resolved (a server finds its files beside it). */
    Optional<Path> onPath(String name) {
        if (this == EMBEDDED_ONLY) {
            return Optional.empty();
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String entry : path.split(":")) {
            if (entry.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(entry, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                try {
                    return Optional.of(candidate.toRealPath());
                } catch (java.io.IOException vanished) {
                    // a dangling link is no binary: keep looking
                }
            }
        }
        return Optional.empty();
    }
}
