package lab.guard;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import lab.guard.local.LocalMutexMode;
import lab.protocol.EventType;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;

/**
 * A lock mechanism for the lease template's own tests: it answers what the test sets up (granted, refused, broken; a
 * token; a lease that expires) and writes down every call the template makes to it, in order.
 */
final class FakeLock implements LockMechanism<FakeLock.Held> {
    record Held(int n, Long fencing) implements Lease {
        @Override
        public String acquired() {
            return "w1 - fake lock " + n + " acquired";
        }

        @Override
        public String ranHow() {
            return "ran holding fake lock " + n;
        }

        @Override
        public LockFact.Acquired granted() {
            return LockFact.Acquired.of(LocalMutexMode.LOCK, "fake:" + n, "w1-1");
        }

        @Override
        public OptionalLong token() {
            return fencing == null ? OptionalLong.empty() : OptionalLong.of(fencing);
        }
    }

    /** Every call, in order: {@code acquire}, {@code release 1}, {@code renew 1}, {@code expireAt 1 <instant>}. */
    final List<String> calls = new CopyOnWriteArrayList<>();
    /** Released once per renewal the template asks for. */
    final Semaphore renewed = new Semaphore(0);

    private final boolean expires;
    private final Duration term;
    private Function<Integer, Attempt<Held>> answer = n -> new Attempt.Granted<>(new Held(n, null));
    private EventType renewal = EventType.RENEWED;
    private OptionalLong roundTrip = OptionalLong.empty();
    private int acquired;

    FakeLock(boolean expires, Duration term) {
        this.expires = expires;
        this.term = term;
    }

    /** A lock held by its thread: nothing expires. */
    static FakeLock held() {
        return new FakeLock(false, Duration.ZERO);
    }

    FakeLock answering(Function<Integer, Attempt<Held>> a) {
        this.answer = a;
        return this;
    }

    FakeLock renewalSays(EventType type) {
        this.renewal = type;
        return this;
    }

    FakeLock roundTripOf(long us) {
        this.roundTrip = OptionalLong.of(us);
        return this;
    }

    @Override
    public void open() {
        calls.add("open");
    }

    @Override
    public String openedWith() {
        return "fake lock at 127.0.0.1:1";
    }

    @Override
    public synchronized Attempt<Held> acquire(Tick tick) {
        calls.add("acquire");
        return answer.apply(++acquired);
    }

    @Override
    public LockEvent release(Held lease) {
        calls.add("release " + lease.n());
        return new LockEvent(
                "w1 - fake lock " + lease.n() + " released",
                GivenBack.Released.of("fake:" + lease.n(), "w1-1", GivenBack.How.DELETED));
    }

    @Override
    public boolean expires() {
        return expires;
    }

    @Override
    public Duration term() {
        return term;
    }

    @Override
    public LockEvent renew(Held lease, Duration in) {
        calls.add("renew " + lease.n());
        renewed.release();
        LockFact fact = renewal == EventType.RENEWED
                ? new LockFact.Renewed("fake:" + lease.n(), "w1-1", Instant.EPOCH.plus(in), null, false)
                : GivenBack.Lost.of("fake:" + lease.n(), "w1-1", "w2-2", null);
        return new LockEvent("w1 - fake lock " + lease.n() + " " + renewal, fact);
    }

    @Override
    public LockEvent expireAt(Held lease, Instant at) {
        calls.add("expireAt " + lease.n() + " " + at);
        return new LockEvent(
                "w1 - fake lock " + lease.n() + " left to expire at " + at,
                GivenBack.Released.of("fake:" + lease.n(), "w1-1", GivenBack.How.EXPIRES)
                        .expiresAt(at));
    }

    @Override
    public OptionalLong roundTripUs() {
        return roundTrip;
    }
}
