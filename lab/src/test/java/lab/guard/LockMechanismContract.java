package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.protocol.EventType;
import org.junit.jupiter.api.Test;

/**
 * What the lease template may ask of every mechanism, against the real server: a lease held past the job keeps
 * the others out until its hold is over and not after, and a lease that is still its own can be extended. The
 * holder acquires and gives back on a thread of its own, as a worker's job thread does (an in-JVM mutex belongs to
 * the thread that took it).
 */
abstract class LockMechanismContract {
    /** Long enough that the check made right after the holder acquired cannot land after it on a loaded machine. */
    static final Duration HOLD = Duration.ofMillis(2_000);

    /** A mechanism as worker {@code worker} builds it, opened. */
    abstract LockMechanism<? extends Lease> open(String worker) throws Exception;

    @Test
    void a_lease_given_back_after_a_hold_keeps_the_others_out_until_then_and_not_after() throws Exception {
        LockMechanism<? extends Lease> holder = open("w1");
        LockMechanism<? extends Lease> other = open("w2");
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(1), "hold");
        CountDownLatch held = new CountDownLatch(1);
        long t0 = System.nanoTime();
        CompletableFuture<LockEvent> release = CompletableFuture.supplyAsync(() -> holdAndGiveBack(holder, tick, held));

        assertThat(held.await(10, TimeUnit.SECONDS)).as("the holder acquired").isTrue();
        assertThat(other.acquire(tick)).as("another worker during the hold").isInstanceOf(Attempt.Refused.class);
        LockEvent said = release.get(10, TimeUnit.SECONDS);
        assertThat(said.type()).as(said.detail()).isEqualTo(EventType.RELEASED);

        Attempt<? extends Lease> after = other.acquire(tick);
        while (!(after instanceof Attempt.Granted) && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10)) {
            Thread.sleep(20); // a lock that expires is free a moment after its hold, as its server counts
            after = other.acquire(tick);
        }
        long tookMillis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(after).as("another worker after the hold").isInstanceOf(Attempt.Granted.class);
        assertThat(tookMillis).as("ms until another worker got it").isGreaterThanOrEqualTo(HOLD.toMillis());
        giveBack(other, after);
        holder.close();
        other.close();
    }

    @Test
    void a_lease_that_is_still_its_own_can_be_extended() throws Exception {
        LockMechanism<? extends Lease> holder = open("w1");
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(1), "extend");
        Attempt<? extends Lease> got = holder.acquire(tick);
        assertThat(got).isInstanceOf(Attempt.Granted.class);
        assertThat(extend(holder, got)).isTrue();
        giveBack(holder, got);
        holder.close();
    }

    private static <L extends Lease> LockEvent holdAndGiveBack(LockMechanism<L> m, Tick tick, CountDownLatch held) {
        try {
            Attempt<L> a = m.acquire(tick);
            if (!(a instanceof Attempt.Granted<L> granted)) {
                throw new AssertionError("the holder did not get the lock: " + a);
            }
            held.countDown();
            return m.releaseAfter(granted.lease(), HOLD);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    static <L extends Lease> boolean extend(LockMechanism<L> m, Attempt<? extends Lease> a) {
        return m.extend(((Attempt.Granted<L>) a).lease());
    }

    @SuppressWarnings("unchecked")
    static <L extends Lease> void giveBack(LockMechanism<L> m, Attempt<? extends Lease> a) {
        m.release(((Attempt.Granted<L>) a).lease());
    }
}
