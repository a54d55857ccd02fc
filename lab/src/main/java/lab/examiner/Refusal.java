package lab.examiner;

import java.util.List;

/**
 * Why the exam cannot start on this file or this machine, in lines to print as they are ({@code MyLock.java:12: ...}),
 * and the exit code that goes with them: 2 for the learner's file, 3 for a Java runtime without a compiler.
 */
public final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<String> lines;
    private final int exitCode;

    Refusal(int exitCode, List<String> lines) {
        super(String.join("; ", lines));
        this.lines = List.copyOf(lines);
        this.exitCode = exitCode;
    }

    public List<String> lines() {
        return lines;
    }

    public int exitCode() {
        return exitCode;
    }
}
