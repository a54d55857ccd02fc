package lab.scenario;

import lab.protocol.Printable;

/**
 * A scenario file that cannot be replayed. The message is always one line, {@code file:line:column: what is wrong
 * (expected ...)}, or {@code file: what is wrong} when the problem has no place in the text (a missing file): the
 * same line serves the terminal, the exit-2 path and a test failure. Line and column count from 1; 0 means none.
 */
public final class ScenarioException extends Exception {
    private final String file;
    private final int line;
    private final int column;
    private final String problem;

    public ScenarioException(String file, int line, int column, String problem) {
        // The file's name too: it is what was typed after --scenario, line breaks and all.
        super(format(oneLine(file), line, column, oneLine(problem)), null, false, false);
        this.file = file;
        this.line = line;
        this.column = column;
        this.problem = oneLine(problem);
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The message without its location. */
    public String problem() {
        return problem;
    }

    private static String format(String file, int line, int column, String problem) {
        return line > 0 ? file + ":" + line + ":" + column + ": " + problem : file + ": " + problem;
    }

    /**
     * Fuzzed and hand-typed files put anything into messages (a quoted key, a YAML library's problem text): control
     * characters are escaped and line breaks folded, so that the message stays one printable line.
     */
    static String oneLine(String text) {
        return Printable.oneLine(text);
    }
}
