package lab.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A wall clock moved by an offset for one child process, as a skewed machine clock looks to everything inside it:
 * Debian's libfaketime preloaded, its offset relative to the real clock. Only the wall clock moves: with
 * {@code FAKETIME_DONT_FAKE_MONOTONIC=1} alone, {@code Object.wait(t)} returns at once (a JVM's timed waits read
 * the monotonic clock through a call libfaketime still rewrites) and Quartz's scheduler thread spins a core; with
 * neither variable, {@code System.nanoTime()} jumps by the offset. Both together leave the monotonic clock alone.
 */
public final class FakeTime {
    /** Where Debian and Ubuntu put it, by architecture, and where other builds do. */
    private static final List<Path> FOLDERS = List.of(Path.of("/usr/lib"), Path.of("/usr/local/lib"));

    private static final String LIB = "libfaketime.so.1";

    private FakeTime() {}

    /** The library, where this machine has it. */
    public static Optional<Path> library() {
        return FOLDERS.stream()
                .flatMap(FakeTime::candidates)
                .filter(Files::isReadable)
                .findFirst();
    }

    private static Stream<Path> candidates(Path lib) {
        Stream<Path> arch;
        try (Stream<Path> dirs = Files.list(lib)) {
            arch =
                    dirs
                            .filter(Files::isDirectory)
                            .map(d -> d.resolve("faketime").resolve(LIB))
                            .sorted()
                            .toList()
                            .stream();
        } catch (IOException | SecurityException e) {
            arch = Stream.empty();
        }
        return Stream.concat(Stream.of(lib.resolve("faketime").resolve(LIB)), arch);
    }

    /** Why a skew cannot be had here, as the end of a line after the field that asked for it; empty when it can. */
    public static Optional<String> whyNot() {
        return library().isPresent()
                ? Optional.empty()
                : Optional.of("a skewed clock needs the libfaketime package (" + LIB
                        + " not found under /usr/lib/*/faketime/ or /usr/lib/faketime/)");
    }

    /**
     * The environment that moves a child's wall clock by {@code skew}; none for a skew of zero. Throws when the
     * library is missing (ask {@link #whyNot()} first).
     */
    public static Map<String, String> environment(Duration skew) {
        Map<String, String> env = new LinkedHashMap<>();
        if (skew.isZero()) {
            return env;
        }
        Path lib = library().orElseThrow(() -> new IllegalStateException(whyNot().orElseThrow()));
        env.put("LD_PRELOAD", lib.toString());
        env.put("FAKETIME", offset(skew));
        env.put("FAKETIME_DONT_FAKE_MONOTONIC", "1");
        env.put("FAKETIME_FORCE_MONOTONIC_FIX", "0");
        return env;
    }

    /**
     * libfaketime's relative offset: {@code +3s}, {@code -2s}, {@code +0.500s}. Always with a '.', whatever this JVM's
     * locale: libfaketime reads it with C's {@code atof}, and a comma ({@code +0,500s}, as a formatter would write it in
     * a German locale) reads as 0 s, silently. The worker's own locale does not move it: libfaketime parses the string
     * when it is loaded, before the JVM sets its C locale, and on each expiry of its 10 s cache parses it again only if
     * the variable changed (0.9.7 on; Debian 12 ships 0.9.10). SkewedLocaleTest runs a skewed worker in de_DE.UTF-8.
     */
    static String offset(Duration skew) {
        long ms = skew.toMillis();
        String sign = ms < 0 ? "-" : "+";
        long abs = Math.abs(ms);
        return abs % 1_000 == 0
                ? sign + abs / 1_000 + "s"
                : sign + abs / 1_000 + "." + String.format(Locale.ROOT, "%03d", abs % 1_000) + "s";
    }
}
