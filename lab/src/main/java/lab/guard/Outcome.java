package lab.guard;

import java.util.Map;
import lab.protocol.EventType;

/** What came of one tick in one worker; {@code detail} is a sentence with who, what and the state. */
public sealed interface Outcome {
    String detail();

    Kind kind();

    /** The facts the recording keeps beside the sentence: {@code started_at}, {@code ended_at}, a refusal's holder. */
    default Map<String, Object> fields() {
        return Map.of();
    }

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
    record Executed(String detail, Map<String, Object> fields) implements Outcome {
        public Executed {
            fields = Fields.copy(fields);
        }

        @Override
        public Kind kind() {
            return Kind.EXECUTED;
        }
    }

    /** The guard, or the job's re-check, decided this worker does not run this tick. */
    record Skipped(String detail, Map<String, Object> fields) implements Outcome {
        public Skipped {
            fields = Fields.copy(fields);
        }

        @Override
        public Kind kind() {
            return Kind.SKIPPED;
        }
    }

    /** The job ran, and the store refused its write (a stale fencing token, a key already written). */
    record Refused(String detail, Map<String, Object> fields) implements Outcome {
        public Refused {
            fields = Fields.copy(fields);
        }

        public Refused(String detail) {
            this(detail, Map.of());
        }

        @Override
        public Kind kind() {
            return Kind.REFUSED;
        }
    }

    /** The mechanism or the store failed; the tick was not run (fail closed). */
    record Failed(String detail, Map<String, Object> fields) implements Outcome {
        public Failed {
            fields = Fields.copy(fields);
        }

        public Failed(String detail) {
            this(detail, Map.of());
        }

        @Override
        public Kind kind() {
            return Kind.FAILED;
        }
    }
}
