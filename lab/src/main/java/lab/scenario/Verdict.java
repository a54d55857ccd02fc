package lab.scenario;

/**
 * What one expectation concluded, with the figures that decided it:
 * {@code duplicate_ticks: expected 0, got 3 (over 5 ticks)}.
 */
public record Verdict(boolean passed, String message) {

    public static Verdict pass(String message) {
        return new Verdict(true, message);
    }

    public static Verdict fail(String message) {
        return new Verdict(false, message);
    }

    @Override
    public String toString() {
        return (passed ? "PASS " : "FAIL ") + message;
    }
}
