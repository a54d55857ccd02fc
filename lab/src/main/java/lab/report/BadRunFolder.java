package lab.report;

/**
 * A run folder the report cannot draw: no such folder, no {@code events.jsonl}, or a line of one of its files that
 * does not read. The message is the one line the user sees: the file (and line) and what was expected there.
 */
public final class BadRunFolder extends Exception {
    BadRunFolder(String message) {
        super(message);
    }
}
