package lab.guard;

/** What came of one try to take a lock: granted, refused because someone holds it, or broken. */
public sealed interface Attempt<L extends Lease> {
    /** This worker holds the lock now. */
    record Granted<L extends Lease>(L lease) implements Attempt<L> {}

    /** Someone else holds it: the sentence says who and for how long, as the mechanism can tell. */
    record Refused<L extends Lease>(String detail) implements Attempt<L> {}

    /** The mechanism failed (its server is down, its connections busy): the tick fails closed. */
    record Broken<L extends Lease>(String detail) implements Attempt<L> {}
}
