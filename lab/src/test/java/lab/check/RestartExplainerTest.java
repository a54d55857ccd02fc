package lab.check;

import static lab.check.Finding.Kind.DUPLICATE;
import static lab.check.Finding.Kind.OVERLAP;
import static lab.protocol.EventType.ACQUIRED;
import static lab.protocol.EventType.FIRED;
import static lab.protocol.EventType.RELEASED;
import static lab.protocol.EventType.SERVER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import lab.protocol.Event;
import org.junit.jupiter.api.Test;

/**
 * Cause lost-in-restart, built by hand: w1 holds the Redis lock of tick 12:00:01 for its 5 s lease, the lab's Redis
 * restarts at .500, and w2, waiting for the lock (lock-wait), is granted it at .620, while w1 still runs its job.
 */
class RestartExplainerTest {
    private static final String REDIS = "lock=redis key=scheduler_lock:tick ";
    private static final String CRON = "trigger=cron";
    private final Story s = new Story();

    /** w1's hold and job, w2's wait and grant; the restart is each test's own. */
    private Story holdAndGrant(Story story) {
        return story.in("redis")
                .row("w1", 4242, "12:00:01", "12:00:01.003", "12:00:01.900")
                .row("w2", 4243, "12:00:01", "12:00:01.621", "12:00:01.921")
                .said("12:00:01.001", "w1", 4242, FIRED, "12:00:01", CRON)
                .said(
                        "12:00:01.002",
                        "w1",
                        4242,
                        ACQUIRED,
                        "12:00:01",
                        REDIS + "owner=w1-4242-aa ttl_ms=5000 expires_at=2026-07-07T12:00:06.002Z")
                .said("12:00:01.003", "w2", 4243, FIRED, "12:00:01", CRON)
                .said(
                        "12:00:01.620",
                        "w2",
                        4243,
                        ACQUIRED,
                        "12:00:01",
                        REDIS + "owner=w2-4243-bb ttl_ms=5000 waited_ms=617 expires_at=2026-07-07T12:00:06.620Z")
                .said("12:00:01.901", "w1", 4242, RELEASED, "12:00:01", "key=scheduler_lock:tick how=deleted");
    }

    /** The lab's Redis said to be back at {@code at}, keeping what {@code persistence} keeps. */
    private void backUp(String at, String persistence) {
        s.said(at, Event.LAB, 1, SERVER, null, "name=redis up=true restart_after_ms=0 persistence=" + persistence);
    }

    @Test
    void a_lock_held_when_redis_restarted_without_persistence_and_granted_again_after_is_lost_in_restart() {
        holdAndGrant(s).said("12:00:01.500", Event.LAB, 1, SERVER, null, "name=redis up=false restart_after_ms=0");
        backUp("12:00:01.510", "none");

        Explanations x = s.explain("12:00:01", "12:00:02");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(tuple(DUPLICATE, Cause.LOST_IN_RESTART), tuple(OVERLAP, Cause.LOST_IN_RESTART));
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:01 ran twice: w1 held scheduler_lock:tick from .002; redis restarted at .500,"
                        + " down until .510 (no persistence) and forgot it; w2 was granted it at .620");
    }

    @Test
    void a_stop_and_start_recorded_before_the_persistence_knob_counts_as_a_restart_that_kept_nothing() {
        holdAndGrant(s)
                .said("12:00:01.500", Event.LAB, 1, SERVER, null, "name=redis up=false")
                .said("12:00:01.500", Event.LAB, 1, SERVER, null, "name=redis up=true");

        Explanations x = s.explain("12:00:01", "12:00:02");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.LOST_IN_RESTART);
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:01 ran twice: w1 held scheduler_lock:tick from .002; redis restarted at .500"
                        + " (no persistence) and forgot it; w2 was granted it at .620");
    }

    @Test
    void a_grant_the_restarted_redis_gave_before_the_launcher_said_it_was_back_is_lost_in_restart_too() {
        // The launcher says "up" once the server answers and the fencing counter is restored; a worker polling for
        // the lock may be granted it by then (lesson 24 recorded w1's grant 36 ms before the up event).
        holdAndGrant(s).said("12:00:01.500", Event.LAB, 1, SERVER, null, "name=redis up=false restart_after_ms=0");
        backUp("12:00:01.650", "none");

        Explanations x = s.explain("12:00:01", "12:00:02");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(tuple(DUPLICATE, Cause.LOST_IN_RESTART), tuple(OVERLAP, Cause.LOST_IN_RESTART));
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:01 ran twice: w1 held scheduler_lock:tick from .002; redis restarted at .500"
                        + " (no persistence) and forgot it; w2 was granted it at .620");
    }

    @Test
    void a_redis_that_kept_its_keys_across_the_restart_did_not_lose_the_lock() {
        holdAndGrant(s).said("12:00:01.500", Event.LAB, 1, SERVER, null, "name=redis up=false restart_after_ms=0");
        backUp("12:00:01.510", "aof-always");

        Explanations x = s.explain("12:00:01", "12:00:02");

        assertThat(x.findings()).extracting(Finding::cause).doesNotContain(Cause.LOST_IN_RESTART);
    }

    @Test
    void a_restart_before_the_first_grant_lost_nothing_it_held() {
        holdAndGrant(s).said("12:00:01.000", Event.LAB, 1, SERVER, null, "name=redis up=false restart_after_ms=0");
        backUp("12:00:01.001", "none");

        Explanations x = s.explain("12:00:01", "12:00:02");

        assertThat(x.findings()).extracting(Finding::cause).doesNotContain(Cause.LOST_IN_RESTART);
    }
}
