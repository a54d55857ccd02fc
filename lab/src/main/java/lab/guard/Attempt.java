package lab.guard;

import lab.protocol.WorkerFact;

/** What came of one try to take a lock: granted, refused because someone holds it, or broken. */
public sealed interface Attempt<L extends Lease> {
    /** This worker holds the lock now. */
    record Granted<L extends Lease>(L lease) implements Attempt<L> {}

    /**
     * Someone else holds it: the sentence says who and for how long, as the mechanism can tell; {@code skipped} the
     * same facts for the recording.
     */
    record Refused<L extends Lease>(String detail, WorkerFact.Skipped skipped) implements Attempt<L> {}

    /**
     * The mechanism failed (its server is down, its connections busy): the tick fails closed. The sentence comes in
     * its two parts, so that a guard that falls back to another lock says its own ending without editing this one.
     *
     * @param problem what failed: {@code w1 - redis at 127.0.0.1:6379 unreachable: Connection refused}
     * @param ending  what became of the tick: {@value #FAIL_CLOSED}, or {@code tick skipped} where nothing failed
     */
    record Broken<L extends Lease>(String problem, String ending) implements Attempt<L> {
        public static final String FAIL_CLOSED = "tick skipped (fail closed)";

        /** A failure of the lock's server: the tick fails closed. */
        public Broken(String problem) {
            this(problem, FAIL_CLOSED);
        }

        /** The whole sentence, as the error event says it. */
        public String detail() {
            return problem + "; " + ending;
        }
    }
}
