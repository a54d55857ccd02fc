package lab.guard;

/** What came of one tick in one worker; {@code detail} is a sentence with who, what and the state. */
public sealed interface Outcome {
    String detail();

    /** The job ran and wrote its row. */
    record Executed(String detail) implements Outcome {}

    /** The guard, or the job's re-check, decided this worker does not run this tick. */
    record Skipped(String detail) implements Outcome {}

    /** The mechanism or the store failed; the tick was not run (fail closed). */
    record Failed(String detail) implements Outcome {}
}
