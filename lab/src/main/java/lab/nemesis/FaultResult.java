package lab.nemesis;

/**
 * What came of one {@link Fault}, typed, with the one line the lab says about it (the same words in the dashboard,
 * the headless output and a scenario's): whoever needs to know whether it happened reads the type, never the line.
 */
public sealed interface FaultResult {
    /** The sentence that says what happened, or why nothing did. */
    String line();

    /** Whether it happened as asked, and all that should follow it did too. */
    default boolean done() {
        return this instanceof Done;
    }

    /** It happened, as asked. */
    record Done(String line) implements FaultResult {}

    /**
     * It happened, but what should have followed did not: a resumed worker did not take the mode in force, Redis came
     * back without its fencing counter restored.
     */
    record Incomplete(String line) implements FaultResult {}

    /** Nothing happened, and the line says why: no such worker or host, no holder to hurt, a server not the lab's. */
    record Refused(String line) implements FaultResult {}

    /** Nothing to do: the target already is as asked (a server already running). */
    record Unchanged(String line) implements FaultResult {}

    /** The target is a worker attached from elsewhere: no signal of the lab reaches it. */
    record NotApplicable(String line) implements FaultResult {}

    /** The lab tried and could not: a restart that failed, a server that would not start, a route not changed. */
    record Failed(String line) implements FaultResult {}
}
