package lab.guard;

import lab.protocol.EventType;
import lab.protocol.GivenBack;
import lab.protocol.WorkerFact;

/** What came of one tick in one worker; {@code detail} is a sentence with who, what and the state. */
public sealed interface Outcome {
    String detail();

    Kind kind();

    /** The facts the recording keeps beside the sentence: the job's times, a refusal's holder, a failure's reason. */
    WorkerFact fact();

    /** The closed set of outcomes, each with the event that reports it: a switch over it is checked whole. */
    enum Kind {
        EXECUTED(EventType.EXECUTED),
        SKIPPED(EventType.SKIPPED),
        REFUSED(EventType.REFUSED),
        FAILED(EventType.ERROR);

        private final EventType event;

        Kind(EventType event) {
            this.event = event;
        }

        public EventType event() {
            return event;
        }
    }

    /** The job ran and wrote its row. */
    record Executed(String detail, WorkerFact.Executed fact) implements Outcome {
        @Override
        public Kind kind() {
            return Kind.EXECUTED;
        }
    }

    /** The guard, or the job's re-check, decided this worker does not run this tick. */
    record Skipped(String detail, WorkerFact.Skipped fact) implements Outcome {
        @Override
        public Kind kind() {
            return Kind.SKIPPED;
        }
    }

    /** The job ran, and the store refused its write (a stale fencing token, a key already written). */
    record Refused(String detail, WorkerFact.Refused fact) implements Outcome {
        public Refused(String detail) {
            this(detail, WorkerFact.Refused.UNSAID);
        }

        @Override
        public Kind kind() {
            return Kind.REFUSED;
        }
    }

    /** The mechanism or the store failed; the tick was not run (fail closed). */
    record Failed(String detail, GivenBack.Error fact) implements Outcome {
        public Failed(String detail) {
            this(detail, GivenBack.Error.UNSAID);
        }

        @Override
        public Kind kind() {
            return Kind.FAILED;
        }
    }
}
