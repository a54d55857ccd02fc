package lab.session;

/**
 * How a switch went: every worker moved, some did, or none (refused before any worker was asked, or by every
 * worker), with the line that says so to the trainer.
 */
public record SwitchResult(Status status, String line) {
    public enum Status {
        /** Every worker acknowledged: the new mode is counted from the next window. */
        SWITCHED,
        /** Some workers moved and some did not: nothing is counted until the next switch. */
        INCOMPLETE,
        /** No worker moved: the lab is still wholly in the old mode. */
        REFUSED
    }

    @Override
    public String toString() {
        return line;
    }
}
