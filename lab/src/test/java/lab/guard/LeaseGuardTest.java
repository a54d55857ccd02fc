package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import lab.guard.local.InJvmMutex;
import lab.protocol.EventType;
import org.junit.jupiter.api.Test;

/** The template gives the lock back on every path, even when saying it was acquired fails. */
class LeaseGuardTest {
    @Test
    void the_lock_is_given_back_even_when_the_acquired_event_cannot_be_said() throws Exception {
        LockListener broken = (tick, detail, fact) -> {
            if (fact.type() == EventType.ACQUIRED) {
                throw new IllegalStateException("cannot write the event line");
            }
        };
        Guard failing = new LeaseGuard<>(
                "w1", new InJvmMutex("w1", 1), LeasePolicy.plain(false), broken, java.time.Clock.systemUTC());
        Tick tick = new Tick(Instant.now(), Instant.now().plusSeconds(1), "given-back");

        assertThatThrownBy(() -> failing.run(
                        tick, (t, p) -> new Write.Written(java.time.Instant.now(), java.time.Instant.now())))
                .hasMessage("cannot write the event line");

        // Another thread, as another run would be: a mutex still held by the first thread would refuse it.
        Outcome[] next = new Outcome[1];
        Thread other = new Thread(() -> {
            try {
                next[0] = new LeaseGuard<>(
                                "w2",
                                new InJvmMutex("w2", 2),
                                LeasePolicy.plain(false),
                                LockListener.NONE,
                                java.time.Clock.systemUTC())
                        .run(tick, (t, p) -> new Write.Written(java.time.Instant.now(), java.time.Instant.now()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        other.start();
        other.join(5_000);
        assertThat(next[0]).isInstanceOf(Outcome.Executed.class);
    }
}
