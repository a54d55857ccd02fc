package lab.check;

import static lab.protocol.EventType.ACQUIRED;
import static lab.protocol.EventType.FIRED;
import static lab.protocol.EventType.RELEASED;
import static lab.protocol.EventType.RENEWED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Stories that decide the conditions of {@link LockRules} one at a time: a renewal that does or does not move a lease's
 * end, an unsafe delete just outside the span in which it could have freed the holder's key, a holder's own delete, a
 * wait of no time, a hold of no time.
 */
class LockRulesTest {
    private static final String REDIS = "lock=redis key=scheduler_lock:tick ";
    private static final String REDIS_KEY = "key=scheduler_lock:tick ";
    private static final String PG = "lock=postgres key=42 ";
    private static final String PG_KEY = "key=42 ";
    private static final String CRON = "trigger=cron";
    private final Story s = new Story();

    private static String until(String time) {
        return " expires_at=2026-07-07T" + time + "Z";
    }

    /** w1 holds the lock until .302 unless renewed, is paused at .100 and resumes at .900; w2 takes it at .352. */
    private Story aPausedHolderRenewedUntil(String renewedUntil) {
        return s.in("redis")
                .row("w2", 4243, "12:00:10", "12:00:10.353", "12:00:10.653")
                .row("w1", 4242, "12:00:10", "12:00:10.003", "12:00:10.901")
                .said("12:00:10.001", "w1", 4242, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.002",
                        "w1",
                        4242,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w1-4242-aa" + until("12:00:10.302"))
                .said(
                        "12:00:10.050",
                        "w1",
                        4242,
                        RENEWED,
                        "12:00:10",
                        REDIS_KEY + "owner=w1-4242-aa" + until(renewedUntil))
                .said("12:00:10.003", "w2", 4243, FIRED, "12:00:10", CRON)
                .fault("12:00:10.100", "pause", "w1", 4242)
                .said(
                        "12:00:10.352",
                        "w2",
                        4243,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w2-4243-bb" + until("12:00:10.652"))
                .fault("12:00:10.900", "resume", "w1", 4242);
    }

    @Test
    void a_paused_holders_lease_ends_at_its_last_renewal_when_that_renewal_moved_it_later() {
        aPausedHolderRenewedUntil("12:00:10.330");

        Finding f = s.explain("12:00:10", "12:00:11").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.PAUSED_HOLDER);
        assertThat(f.sentence()).contains("was paused at .100, its lease ending .330; w2 took the lock at .352");
    }

    @Test
    void a_renewal_line_that_tells_an_expiry_before_the_grants_does_not_bring_a_paused_holders_lease_end_forward() {
        aPausedHolderRenewedUntil("12:00:10.250");

        Finding f = s.explain("12:00:10", "12:00:11").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.PAUSED_HOLDER);
        assertThat(f.sentence()).contains("was paused at .100, its lease ending .302; w2 took the lock at .352");
    }

    @Test
    void a_renewal_line_that_tells_an_expiry_before_the_grants_does_not_bring_an_expired_lease_forward() {
        s.in("redis")
                .row("w1", 101, "12:00:02", "12:00:02.002", "12:00:02.900")
                .row("w2", 102, "12:00:02", "12:00:02.651", "12:00:02.951")
                .said("12:00:02.001", "w1", 101, FIRED, "12:00:02", CRON)
                .said(
                        "12:00:02.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:02",
                        REDIS + "owner=w1-101-aa" + until("12:00:02.300"))
                .said(
                        "12:00:02.200",
                        "w1",
                        101,
                        RENEWED,
                        "12:00:02",
                        REDIS_KEY + "owner=w1-101-aa" + until("12:00:02.250"))
                .said("12:00:02.003", "w2", 102, FIRED, "12:00:02", CRON)
                .said("12:00:02.650", "w2", 102, ACQUIRED, "12:00:02", REDIS + "owner=w2-102-bb waited_ms=647");

        Finding f = s.explain("12:00:02", "12:00:03").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.LEASE_EXPIRED);
        assertThat(f.sentence()).contains("w1's lease expired at .300 (renewed 1 times) while its job ran until .900");
        // No partition cut w1 off: the Chinese says the job ran on without naming its worker a second time.
        assertThat(f.zh()).contains("到期（续期过 1 次），而它的任务一直跑到 .900");
    }

    @Test
    void unsafe_deletes_before_the_holder_took_the_lock_and_after_the_next_one_took_it_are_not_deleted_by_other() {
        // w2 deleted w1's key once before w1 took it and once after w3 had: neither freed it while w1 held it. What
        // let w3 in is w1's lease, which ran out at .300 while its job ran on.
        s.in("redis")
                .row("w1", 101, "12:00:10", "12:00:10.002", "12:00:10.600")
                .row("w3", 103, "12:00:10", "12:00:10.312", "12:00:10.500")
                .said(
                        "12:00:09.900",
                        "w2",
                        102,
                        RELEASED,
                        "12:00:09",
                        REDIS_KEY + "owner=w2-102-bb how=deleted deleted_owner=w1-101-aa")
                .said("12:00:10.000", "w1", 101, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w1-101-aa" + until("12:00:10.300"))
                .said("12:00:10.310", "w3", 103, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.311",
                        "w3",
                        103,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w3-103-cc" + until("12:00:15.311"))
                .said(
                        "12:00:10.400",
                        "w2",
                        102,
                        RELEASED,
                        "12:00:10",
                        REDIS_KEY + "owner=w2-102-bb how=deleted deleted_owner=w1-101-aa");

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.LEASE_EXPIRED);
        assertThat(x.findings().get(0).sentence()).contains("w1's lease expired at .300 while its job ran until .600");
    }

    @Test
    void an_unsafe_delete_stamped_after_the_grant_it_let_in_is_deleted_by_other_while_the_lease_still_ran() {
        // w2's DEL freed w1's key at Redis before w3's SET, but w2's line was stamped when its answer came back, 4 ms
        // after w3's grant (a cold JVM at its first release): w1's lease ran until .800, so nothing but that delete can
        // have let w3 in at .311.
        s.in("redis")
                .row("w1", 101, "12:00:10", "12:00:10.002", "12:00:10.600")
                .row("w3", 103, "12:00:10", "12:00:10.312", "12:00:10.500")
                .said("12:00:10.000", "w1", 101, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w1-101-aa" + until("12:00:10.800"))
                .said("12:00:10.310", "w3", 103, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.311",
                        "w3",
                        103,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w3-103-cc" + until("12:00:15.311"))
                .said(
                        "12:00:10.315",
                        "w2",
                        102,
                        RELEASED,
                        "12:00:09",
                        REDIS_KEY + "owner=w2-102-bb how=deleted deleted_owner=w1-101-aa");

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.DELETED_BY_OTHER);
        assertThat(x.findings().get(0).sentence())
                .contains("w2's unsafe delete at .315 freed w1-101-aa's scheduler_lock:tick while w1 still held it");
    }

    @Test
    void the_holders_own_delete_of_its_key_is_released_early_not_deleted_by_other() {
        s.in("redis")
                .row("w1", 101, "12:00:10", "12:00:10.002", "12:00:10.190")
                .row("w3", 103, "12:00:10", "12:00:10.252", "12:00:10.400")
                .said("12:00:10.000", "w1", 101, FIRED, "12:00:10", CRON)
                .said("12:00:10.001", "w1", 101, ACQUIRED, "12:00:10", REDIS + "owner=w1-101-aa")
                .said(
                        "12:00:10.200",
                        "w1",
                        101,
                        RELEASED,
                        "12:00:10",
                        REDIS_KEY + "owner=w1-101-aa how=deleted deleted_owner=w1-101-aa held_ms=199")
                .said("12:00:10.250", "w3", 103, FIRED, "12:00:10", CRON)
                .said("12:00:10.251", "w3", 103, ACQUIRED, "12:00:10", REDIS + "owner=w3-103-cc");

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.RELEASED_EARLY);
        assertThat(x.findings().get(0).sentence()).contains("w1 held scheduler_lock:tick for 199 ms (released .200)");
    }

    @Test
    void a_blocking_lock_granted_after_no_wait_at_all_is_not_queued() {
        // w2's blocking call says it waited 0 ms: it found the lock free, whatever the two processes' stamps say.
        s.in("postgres")
                .row("w1", 101, "12:00:20", "12:00:20.003", "12:00:20.303")
                .row("w2", 102, "12:00:20", "12:00:20.305", "12:00:20.605")
                .said("12:00:20.001", "w1", 101, FIRED, "12:00:20", CRON)
                .said("12:00:20.002", "w1", 101, ACQUIRED, "12:00:20", PG + "owner=w1-101 waited_ms=1")
                .said("12:00:20.005", "w2", 102, FIRED, "12:00:20", CRON)
                .said("12:00:20.304", "w1", 101, RELEASED, "12:00:20", PG_KEY + "owner=w1-101 how=unlock held_ms=302")
                .said("12:00:20.304", "w2", 102, ACQUIRED, "12:00:20", PG + "owner=w2-102 waited_ms=0 blocking=true");

        Explanations x = s.explain("12:00:20", "12:00:21");

        assertThat(x.findings())
                .extracting(Finding::cause)
                .doesNotContain(Cause.QUEUED)
                .hasSize(1);
    }

    @Test
    void a_release_that_tells_a_hold_of_no_time_is_said_as_held_for_0_ms_from_its_own_figure() {
        // The line's held_ms is the worker's own figure: it is said as is, even 0, not reckoned again from the stamps.
        s.in("postgres")
                .row("w2", 202, "04:00:30", "04:00:30.023", "04:00:30.030")
                .row("w4", 204, "04:00:30", "04:00:30.039", "04:00:30.045")
                .said("04:00:30.012", "w2", 202, FIRED, "04:00:30", CRON)
                .said("04:00:30.023", "w2", 202, ACQUIRED, "04:00:30", PG + "owner=w2-202 waited_ms=0")
                .said("04:00:30.034", "w2", 202, RELEASED, "04:00:30", PG_KEY + "owner=w2-202 how=commit held_ms=0")
                .said("04:00:30.038", "w4", 204, FIRED, "04:00:30", CRON)
                .said("04:00:30.039", "w4", 204, ACQUIRED, "04:00:30", PG + "owner=w4-204 waited_ms=0");

        Finding f = s.explain("04:00:30", "04:00:31").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.RELEASED_EARLY);
        assertThat(f.sentence()).contains("w2 held advisory lock 42 for 0 ms (released .034)");
        assertThat(f.zh()).contains("共 0 ms");
    }

    @Test
    void a_release_line_without_its_own_figure_is_said_with_the_hold_reckoned_from_the_grant() {
        s.in("postgres")
                .row("w2", 202, "04:00:30", "04:00:30.023", "04:00:30.030")
                .row("w4", 204, "04:00:30", "04:00:30.039", "04:00:30.045")
                .said("04:00:30.012", "w2", 202, FIRED, "04:00:30", CRON)
                .said("04:00:30.023", "w2", 202, ACQUIRED, "04:00:30", PG + "owner=w2-202 waited_ms=0")
                .said("04:00:30.034", "w2", 202, RELEASED, "04:00:30", PG_KEY + "owner=w2-202 how=commit")
                .said("04:00:30.038", "w4", 204, FIRED, "04:00:30", CRON)
                .said("04:00:30.039", "w4", 204, ACQUIRED, "04:00:30", PG + "owner=w4-204 waited_ms=0");

        Finding f = s.explain("04:00:30", "04:00:31").findings().get(0);

        assertThat(f.cause()).isEqualTo(Cause.RELEASED_EARLY);
        assertThat(f.sentence()).contains("w2 held advisory lock 42 for 11 ms (released .034)");
    }

    @Test
    void a_blocking_lock_asked_for_after_the_holder_had_released_it_is_released_early() {
        s.in("postgres")
                .row("w1", 101, "12:00:20", "12:00:20.003", "12:00:20.100")
                .row("w2", 102, "12:00:20", "12:00:20.302", "12:00:20.400")
                .said("12:00:20.001", "w1", 101, FIRED, "12:00:20", CRON)
                .said("12:00:20.002", "w1", 101, ACQUIRED, "12:00:20", PG + "owner=w1-101 waited_ms=0")
                .said("12:00:20.101", "w1", 101, RELEASED, "12:00:20", PG_KEY + "owner=w1-101 how=unlock held_ms=99")
                .said("12:00:20.300", "w2", 102, FIRED, "12:00:20", CRON)
                .said("12:00:20.301", "w2", 102, ACQUIRED, "12:00:20", PG + "owner=w2-102 waited_ms=0 blocking=true");

        Explanations x = s.explain("12:00:20", "12:00:21");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.RELEASED_EARLY);
        assertThat(x.findings().get(0).sentence()).contains("w2 fired .300 — 299 ms after w1 — and took it at .301");
    }

    @Test
    void an_interval_try_lock_granted_before_the_holders_release_line_was_stamped_is_own_phase() {
        // w2's grant (.302) is stamped before w1's release line (.303): a try-lock that got the lock found it free.
        s.in("postgres")
                .row("w1", 101, "12:00:30", "12:00:30.002", "12:00:30.290")
                .row("w2", 102, "12:00:30", "12:00:30.303", "12:00:30.400")
                .said("12:00:30.000", "w1", 101, FIRED, "12:00:30", "trigger=interval phase_ms=0")
                .said("12:00:30.001", "w1", 101, ACQUIRED, "12:00:30", PG + "owner=w1-101 waited_ms=0")
                .said("12:00:30.303", "w1", 101, RELEASED, "12:00:30", PG_KEY + "owner=w1-101 how=unlock held_ms=302")
                .said("12:00:30.301", "w2", 102, FIRED, "12:00:30", "trigger=interval phase_ms=301")
                .said("12:00:30.302", "w2", 102, ACQUIRED, "12:00:30", PG + "owner=w2-102 waited_ms=0 blocking=false");

        Explanations x = s.explain("12:00:30", "12:00:31");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.OWN_PHASE);
    }

    @Test
    void an_interval_worker_whose_blocking_call_waited_for_the_holder_is_queued_not_own_phase() {
        s.in("postgres")
                .row("w1", 101, "12:00:30", "12:00:30.002", "12:00:30.300")
                .row("w2", 102, "12:00:30", "12:00:30.305", "12:00:30.400")
                .said("12:00:30.000", "w1", 101, FIRED, "12:00:30", "trigger=interval phase_ms=0")
                .said("12:00:30.001", "w1", 101, ACQUIRED, "12:00:30", PG + "owner=w1-101 waited_ms=0")
                .said("12:00:30.100", "w2", 102, FIRED, "12:00:30", "trigger=interval phase_ms=100")
                .said("12:00:30.303", "w1", 101, RELEASED, "12:00:30", PG_KEY + "owner=w1-101 how=unlock held_ms=302")
                .said("12:00:30.304", "w2", 102, ACQUIRED, "12:00:30", PG + "owner=w2-102 waited_ms=203 blocking=true");

        Explanations x = s.explain("12:00:30", "12:00:31");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.QUEUED);
    }

    @Test
    void an_interval_worker_whose_blocking_call_came_after_the_release_is_own_phase() {
        s.in("postgres")
                .row("w1", 101, "12:00:30", "12:00:30.002", "12:00:30.300")
                .row("w2", 102, "12:00:30", "12:00:30.702", "12:00:30.800")
                .said("12:00:30.000", "w1", 101, FIRED, "12:00:30", "trigger=interval phase_ms=0")
                .said("12:00:30.001", "w1", 101, ACQUIRED, "12:00:30", PG + "owner=w1-101 waited_ms=0")
                .said("12:00:30.303", "w1", 101, RELEASED, "12:00:30", PG_KEY + "owner=w1-101 how=unlock held_ms=302")
                .said("12:00:30.700", "w2", 102, FIRED, "12:00:30", "trigger=interval phase_ms=700")
                .said("12:00:30.701", "w2", 102, ACQUIRED, "12:00:30", PG + "owner=w2-102 waited_ms=0 blocking=true");

        Explanations x = s.explain("12:00:30", "12:00:31");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.OWN_PHASE);
    }
}
