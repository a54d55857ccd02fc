package lab.guard;

import java.util.Map;

/** What came of one try to take a lock: granted, refused because someone holds it, or broken. */
public sealed interface Attempt<L extends Lease> {
    /** This worker holds the lock now. */
    record Granted<L extends Lease>(L lease) implements Attempt<L> {}

    /**
     * Someone else holds it: the sentence says who and for how long, as the mechanism can tell; {@code fields}
     * the same facts for the recording ({@code key}, {@code holder}, {@code holder_ms_left}).
     */
    record Refused<L extends Lease>(String detail, Map<String, Object> fields) implements Attempt<L> {
        public Refused {
            fields = Fields.copy(fields);
        }
    }

    /** The mechanism failed (its server is down, its connections busy): the tick fails closed. */
    record Broken<L extends Lease>(String detail) implements Attempt<L> {}
}
