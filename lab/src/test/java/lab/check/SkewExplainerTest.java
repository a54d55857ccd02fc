package lab.check;

import static lab.protocol.EventType.ACQUIRED;
import static lab.protocol.EventType.FIRED;
import static lab.protocol.EventType.RELEASED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Cause clock-skew, built by hand. A skewed worker's own lines and rows are written on its clock, as the recording
 * keeps them; the lab's {@code skew} fault says by how much, and the explainer reads them on the machine's.
 */
class SkewExplainerTest {
    private static final String CRON = "trigger=cron";

    /**
     * Tick 10:00:02 in mode redis, the lock given back when the job ends: w2 at +600 ms fires it at its own :02.001
     * (the machine's :01.401) and frees the lock at its :02.302; w1 fires on time at :02.010 and takes it.
     */
    private static Story earlyFire(boolean skewed) {
        long off = skewed ? 600 : 0;
        Story s = new Story().in("redis");
        if (skewed) {
            s.skew("10:00:00.500", "w2", 202, 600);
        }
        String w2 = skewed ? "10:00:02" : "10:00:01";
        int base = skewed ? 0 : 400;
        return s.row("w2", 203, "10:00:02", at(w2, base + 3), at(w2, base + 300))
                .said(at(w2, base + 1), "w2", 203, FIRED, "10:00:02", CRON)
                .said(
                        at(w2, base + 2),
                        "w2",
                        203,
                        ACQUIRED,
                        "10:00:02",
                        "lock=redis key=scheduler_lock:tick owner=w2-203-aa ttl_ms=5000")
                .said(at(w2, base + 302), "w2", 203, RELEASED, "10:00:02", "key=scheduler_lock:tick how=deleted")
                .row("w1", 101, "10:00:02", "10:00:02.013", "10:00:02.313")
                .said("10:00:02.010", "w1", 101, FIRED, "10:00:02", CRON)
                .said(
                        "10:00:02.012",
                        "w1",
                        101,
                        ACQUIRED,
                        "10:00:02",
                        "lock=redis key=scheduler_lock:tick owner=w1-101-bb ttl_ms=5000")
                .said("10:00:02.314", "w1", 101, RELEASED, "10:00:02", "key=scheduler_lock:tick how=deleted");
    }

    private static String at(String second, int ms) {
        return String.format("%s.%03d", second, ms);
    }

    @Test
    void a_worker_ahead_that_fired_early_and_freed_the_lock_before_the_others_fired_is_clock_skew() {
        Explanations x = earlyFire(true).explain("10:00:02", "10:00:03");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.CLOCK_SKEW);
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 10:00:02 ran twice: w2's clock was 600 ms ahead of w1's: w2 fired at 10:00:01.401 on"
                        + " the machine's clock and freed scheduler_lock:tick at .702; w1 fired 609 ms later, at"
                        + " 10:00:02.010, and took it at .012");
    }

    @Test
    void the_same_gap_between_fires_on_one_clock_is_a_lock_released_early_not_a_skew() {
        Explanations x = earlyFire(false).explain("10:00:02", "10:00:03");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.RELEASED_EARLY);
    }

    @Test
    void a_worker_ahead_that_read_a_shedlock_lease_on_its_own_clock_as_over_took_it_while_the_job_ran() {
        // w1 on time holds ShedLock's row until 10:00:04.000 (lockAtMostFor 3 s, its own clock) for a 1.9 s job; w3,
        // 2.5 s ahead, fires tick :04 at the machine's :01.500, reads :04.000 and takes the row at once.
        Story s = new Story()
                .in("shedlock")
                .skew("10:00:00.100", "w3", 302, 2_500)
                .row("w1", 101, "10:00:01", "10:00:01.002", "10:00:02.900")
                .said("10:00:01.000", "w1", 101, FIRED, "10:00:01", CRON)
                .said(
                        "10:00:01.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "10:00:01",
                        "lock=shedlock key=tick owner=w1-101-aa expires_at=2026-07-07T10:00:04Z")
                .said("10:00:02.901", "w1", 101, RELEASED, "10:00:01", "key=tick how=deleted")
                .row("w3", 303, "10:00:04", "10:00:04.003", "10:00:04.300")
                .said("10:00:04.000", "w3", 303, FIRED, "10:00:04", CRON)
                .said(
                        "10:00:04.001",
                        "w3",
                        303,
                        ACQUIRED,
                        "10:00:04",
                        "lock=shedlock key=tick owner=w3-303-cc expires_at=2026-07-07T10:00:07Z")
                .said("10:00:04.301", "w3", 303, RELEASED, "10:00:04", "key=tick how=deleted");

        Explanations x = s.explain("10:00:01", "10:00:05");

        assertThat(x.findings())
                .filteredOn(f -> f.kind() == Finding.Kind.OVERLAP)
                .singleElement()
                .satisfies(f -> {
                    assertThat(f.cause()).isEqualTo(Cause.CLOCK_SKEW);
                    assertThat(f.sentence())
                            .isEqualTo("overlap: w1 (10:00:01.002–10:00:02.900) and w3 (10:00:01.503–.800): w3's"
                                    + " clock was 2500 ms ahead of w1's: w1 held ShedLock's lock tick until"
                                    + " 10:00:04.000 by the machine's clock; w3 read that end as past and took it at"
                                    + " 10:00:01.501, while w1's job still ran");
                });
    }
}
