package lab.suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The skips this machine allows ({@code allowed-skips.txt} on the test class path: a test class, or {@code
 * class#method}, then why it may skip here) and the ledger of the skips that happened ({@code
 * target/skipped-tests.txt}, or {@code -Dlab.skips.file}), appended by every test JVM of a build so that {@code
 * .ci/run} can print them all after the last one.
 */
final class SkipLedger {
    static final String ALLOWED = "allowed-skips.txt";
    private static final Map<String, String> WHY = load();

    private SkipLedger() {}

    /** Every allowed entry ({@code class} or {@code class#method}) and why it may skip, in the file's order. */
    static Map<String, String> entries() {
        return WHY;
    }

    /** Under CI a skip that is not allowed fails; elsewhere it is recorded, saying it would. */
    static boolean underCi() {
        return "true".equals(System.getenv("CI"));
    }

    /**
     * Why {@code test} ({@code class}, {@code class#method} or {@code class#method [invocation]}) may skip here, or
     * empty: a method's entry covers all its invocations, a class's all its methods.
     */
    static Optional<String> allowed(String test) {
        if (test.contains(" [")) {
            test = test.substring(0, test.indexOf(" ["));
        }
        String why = WHY.get(test);
        if (why == null && test.contains("#")) {
            why = WHY.get(test.substring(0, test.indexOf('#')));
        }
        return Optional.ofNullable(why);
    }

    /** The line the ledger keeps for one skip, and the failure's message when it is not allowed under CI. */
    static String line(String test, String reason, boolean failed) {
        Optional<String> why = allowed(test);
        if (why.isPresent()) {
            return "skipped  " + test + " - " + reason + " (allowed: " + why.get() + ")";
        }
        if (underCi()) {
            return "NOT ALLOWED  " + test + " - " + reason + " (not on " + ALLOWED + (failed ? "; failed)" : ")");
        }
        return "skipped  " + test + " - " + reason + " (not on " + ALLOWED + ": fails under CI=true)";
    }

    /** Appends one line; several JVMs append in turn (surefire's, then failsafe's), each line whole. */
    static synchronized void record(String line) {
        Path file = Path.of(System.getProperty("lab.skips.file", "target/skipped-tests.txt"));
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            Files.writeString(
                    file,
                    line.replace('\n', ' ') + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("skip ledger " + file + ": could not record '" + line + "'", e);
        }
    }

    private static Map<String, String> load() {
        Map<String, String> why = new LinkedHashMap<>();
        try (InputStream in = SkipLedger.class.getClassLoader().getResourceAsStream(ALLOWED)) {
            if (in == null) {
                throw new IllegalStateException(ALLOWED + " is not on the test class path");
            }
            int n = 0;
            for (String raw : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1)) {
                n++;
                String l = raw.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                String[] parts = l.split("\\s+", 2);
                if (parts.length < 2) {
                    // A skip allowed without a reason is how the list would grow unread.
                    throw new IllegalStateException(ALLOWED + ":" + n + ": " + parts[0] + " says no why");
                }
                why.put(parts[0], parts[1]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(ALLOWED + ": could not be read", e);
        }
        return Collections.unmodifiableMap(why);
    }
}
