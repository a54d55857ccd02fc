package lab.guard;

import lab.protocol.GivenBack;
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
     * @param reason  what failed, for the error event: the lock's server, or a learner's lock that threw or hung
     */
    record Broken<L extends Lease>(String problem, String ending, GivenBack.ErrorReason reason) implements Attempt<L> {
        public static final String FAIL_CLOSED = "tick skipped (fail closed)";

        /** A failure of the lock's server: the tick fails closed. */
        public Broken(String problem) {
            this(problem, FAIL_CLOSED);
        }

        /** A failure of the lock's server, the tick's ending told. */
        public Broken(String problem, String ending) {
            this(problem, ending, GivenBack.ErrorReason.LOCK_DOWN);
        }

        /** The whole sentence, as the error event says it. */
        public String detail() {
            return problem + "; " + ending;
        }
    }
}
