package lab.os;

import java.util.Map;
import java.util.Optional;

/** A child's exit status as a person reads it: {@code exit 137 (SIGKILL)}. */
public final class ExitStatus {
    private static final Map<Integer, String> SIGNALS = Map.of(
            1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 4, "SIGILL", 6, "SIGABRT", 7, "SIGBUS", 9, "SIGKILL", 11, "SIGSEGV",
            13, "SIGPIPE", 15, "SIGTERM");

    private ExitStatus() {}

    /** The signal a code above 128 stands for (Java reports a child killed by signal n as 128 + n), when known. */
    public static Optional<String> signal(int code) {
        return code > 128 ? Optional.ofNullable(SIGNALS.get(code - 128)) : Optional.empty();
    }

    /** {@code exit 137 (SIGKILL)}, or {@code exit 1}. */
    public static String describe(int code) {
        return "exit " + code + signal(code).map(s -> " (" + s + ")").orElse("");
    }
}
