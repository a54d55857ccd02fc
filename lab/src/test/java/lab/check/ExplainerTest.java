package lab.check;

import static lab.check.Finding.Kind.DUPLICATE;
import static lab.check.Finding.Kind.MISSED;
import static lab.check.Finding.Kind.OVERLAP;
import static lab.check.Story.t;
import static lab.protocol.EventType.ACQUIRED;
import static lab.protocol.EventType.ERROR;
import static lab.protocol.EventType.FIRED;
import static lab.protocol.EventType.REFUSED;
import static lab.protocol.EventType.RELEASED;
import static lab.protocol.EventType.RENEWED;
import static lab.protocol.EventType.SERVER;
import static lab.protocol.EventType.SKIPPED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.Map;
import lab.protocol.Event;
import org.junit.jupiter.api.Test;

class ExplainerTest {
    private static final String REDIS = "lock=redis key=scheduler_lock:tick ";
    private static final String PG = "lock=postgres key=42 ";
    /** A lock given back or renewed names its key, not its kind, as the worker writes it. */
    private static final String REDIS_KEY = "key=scheduler_lock:tick ";

    private static final String PG_KEY = "key=42 ";
    private static final String CRON = "trigger=cron";
    private final Story s = new Story();

    /** The field of a lock that expires at {@code time} on the story's day. */
    private static String until(String time) {
        return " expires_at=2026-07-07T" + time + "Z";
    }

    private static Map<String, Integer> counts(int duplicateTicks, int overlaps, int missedTicks) {
        return Map.of("duplicate_ticks", duplicateTicks, "overlaps", overlaps, "missed_ticks", missedTicks);
    }

    @Test
    void two_in_process_mutexes_one_after_the_other_are_no_lock_not_released_early() {
        // Each worker's mutex is its own: w3 took mutex:w3-103 after w1 let go of mutex:w1-101, but nothing passed
        // from one to the other. The timing looks like released-early; the cause is that no lock is shared.
        s.in("local-mutex")
                .row("w1", 101, "12:00:05", "12:00:05.002", "12:00:05.012")
                .row("w3", 103, "12:00:05", "12:00:05.040", "12:00:05.050")
                .said("12:00:05.001", "w1", 101, FIRED, "12:00:05", CRON)
                .said("12:00:05.002", "w1", 101, ACQUIRED, "12:00:05", "lock=local key=mutex:w1-101 owner=w1-101")
                .said("12:00:05.013", "w1", 101, RELEASED, "12:00:05", "key=mutex:w1-101 owner=w1-101 how=unlock")
                .said("12:00:05.039", "w3", 103, FIRED, "12:00:05", CRON)
                .said("12:00:05.040", "w3", 103, ACQUIRED, "12:00:05", "lock=local key=mutex:w3-103 owner=w3-103");

        Explanations x = s.explain("12:00:05", "12:00:06");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.NO_LOCK);
        assertThat(x.findings().get(0).sentence()).endsWith("(mode local-mutex)");
    }

    @Test
    void workers_that_fell_back_to_their_own_mutex_while_redis_was_down_are_local_fallback() {
        s.in("redis")
                .row("w1", 101, "12:00:40", "12:00:40.003", "12:00:40.303")
                .row("w2", 102, "12:00:40", "12:00:40.004", "12:00:40.304")
                .said("12:00:40.001", "w1", 101, FIRED, "12:00:40", CRON)
                .said("12:00:40.002", "w1", 101, ERROR, "12:00:40", "reason=lock-down fallback=true")
                .said(
                        "12:00:40.003",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:40",
                        "lock=local key=mutex:w1-101 owner=w1-101 fallback=true")
                .said("12:00:40.002", "w2", 102, FIRED, "12:00:40", CRON)
                .said("12:00:40.003", "w2", 102, ERROR, "12:00:40", "reason=lock-down fallback=true")
                .said(
                        "12:00:40.004",
                        "w2",
                        102,
                        ACQUIRED,
                        "12:00:40",
                        "lock=local key=mutex:w2-102 owner=w2-102 fallback=true");

        Explanations x = s.explain("12:00:40", "12:00:41");

        assertThat(x.findings())
                .extracting(Finding::cause)
                .containsOnly(Cause.LOCAL_FALLBACK)
                .hasSize(2);
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:40 ran twice: w1 could not reach its lock's server and fell back to its own"
                        + " in-process lock (on-lock-error local), which w2 never sees: both ran it");
    }

    @Test
    void a_tick_every_worker_failed_closed_on_with_its_lock_server_stopped_is_store_down() {
        s.in("redis")
                .said("12:00:49.500", Event.LAB, 1, SERVER, null, "name=redis up=false")
                .said("12:00:50.001", "w1", 101, FIRED, "12:00:50", CRON)
                .said("12:00:50.002", "w1", 101, ERROR, "12:00:50", "reason=lock-down")
                .said("12:00:50.003", "w2", 102, FIRED, "12:00:50", CRON)
                .said("12:00:50.004", "w2", 102, ERROR, "12:00:50", "reason=lock-down");

        Explanations x = s.explain("12:00:50", "12:00:51");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:50"),
                        Cause.STORE_DOWN,
                        "tick 12:00:50 missed: w1, w2 fired and failed closed: their lock's server could not be"
                                + " reached; redis was stopped at 12:00:49.500"));
    }

    @Test
    void a_fenced_tick_whose_holder_could_not_write_with_the_store_restarting_is_store_down() {
        s.in("fenced")
                .said("12:00:49.900", Event.LAB, 1, SERVER, null, "name=postgres up=false")
                .said("12:00:50.001", "w1", 101, FIRED, "12:00:50", CRON)
                .said(
                        "12:00:50.002",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:50",
                        "key=scheduler_lock:tick owner=w1-101-ab token=7")
                .said("12:00:50.003", "w2", 102, FIRED, "12:00:50", CRON)
                .said(
                        "12:00:50.004",
                        "w2",
                        102,
                        SKIPPED,
                        "12:00:50",
                        "reason=held holder=w1-101-ab holder_ms_left=1990")
                .said("12:00:50.060", "w1", 101, ERROR, "12:00:50", "reason=store-down");

        Explanations x = s.explain("12:00:50", "12:00:51");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:50"),
                        Cause.STORE_DOWN,
                        "tick 12:00:50 missed: w1 ran it and could not write: the store could not be reached (w2"
                                + " skipped: the lock was held for it); postgres was stopped at 12:00:49.900"));
    }

    @Test
    void a_fenced_tick_whose_holder_was_given_a_token_issued_before_is_store_down() {
        s.in("fenced")
                .said("12:00:49.500", Event.LAB, 1, SERVER, null, "name=redis up=false")
                .said("12:00:50.001", "w1", 101, FIRED, "12:00:50", CRON)
                .said(
                        "12:00:50.002",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:50",
                        "key=scheduler_lock:tick owner=w1-101-ab token=7")
                .said("12:00:50.003", "w2", 102, FIRED, "12:00:50", CRON)
                .said(
                        "12:00:50.004",
                        "w2",
                        102,
                        SKIPPED,
                        "12:00:50",
                        "reason=held holder=w1-101-ab holder_ms_left=1990")
                .said("12:00:50.010", "w1", 101, ERROR, "12:00:50", "reason=token-reissued token=7");

        Explanations x = s.explain("12:00:50", "12:00:51");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:50"),
                        Cause.STORE_DOWN,
                        "tick 12:00:50 missed: w1 took the lock and failed closed: its fencing token had been issued"
                                + " before in this session (the lock server's counter went back) (w2 skipped: the lock"
                                + " was held for it); redis was stopped at 12:00:49.500"));
    }

    @Test
    void an_idempotent_tick_that_every_worker_ran_and_none_could_write_is_store_down() {
        s.in("idempotent")
                .said("12:00:50.001", "w1", 101, FIRED, "12:00:50", CRON)
                .said("12:00:50.003", "w2", 102, FIRED, "12:00:50", CRON)
                .said("12:00:50.060", "w1", 101, ERROR, "12:00:50", "reason=store-down")
                .said("12:00:50.061", "w2", 102, ERROR, "12:00:50", "reason=store-down");

        Explanations x = s.explain("12:00:50", "12:00:51");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.STORE_DOWN);
    }

    @Test
    void a_tick_whose_only_writer_failed_for_its_own_reasons_is_not_store_down() {
        s.in("idempotent")
                .said("12:00:50.001", "w1", 101, FIRED, "12:00:50", CRON)
                .said("12:00:50.060", "w1", 101, ERROR, "12:00:50", "");

        Explanations x = s.explain("12:00:50", "12:00:51");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.UNEXPLAINED);
    }

    @Test
    void a_tick_where_one_worker_still_got_through_to_its_lock_is_not_store_down() {
        s.in("redis")
                .said("12:00:50.001", "w1", 101, FIRED, "12:00:50", CRON)
                .said("12:00:50.002", "w1", 101, ERROR, "12:00:50", "reason=lock-down")
                .said("12:00:50.003", "w2", 102, FIRED, "12:00:50", CRON)
                .said("12:00:50.004", "w2", 102, SKIPPED, "12:00:50", "reason=held key=scheduler_lock:tick");

        Explanations x = s.explain("12:00:50", "12:00:51");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.UNEXPLAINED);
    }

    @Test
    void two_naive_workers_in_one_tick_ran_it_without_a_shared_lock() {
        s.in("naive")
                .row("w1", 101, "12:00:05", "12:00:05.002", "12:00:05.302")
                .row("w3", 103, "12:00:05", "12:00:05.004", "12:00:05.304")
                .said("12:00:05.001", "w1", 101, FIRED, "12:00:05", CRON)
                .said("12:00:05.003", "w3", 103, FIRED, "12:00:05", CRON);

        Explanations x = s.explain("12:00:05", "12:00:06");

        assertThat(Story.inEnglish(x))
                .containsExactly(
                        new Finding(
                                DUPLICATE,
                                t("12:00:05"),
                                Cause.NO_LOCK,
                                "tick 12:00:05 ran twice: w1 and w3 each ran it without a lock shared between"
                                        + " processes (mode naive)"),
                        new Finding(
                                OVERLAP,
                                t("12:00:05"),
                                Cause.NO_LOCK,
                                "overlap: w1 (.002–.302) and w3 (.004–.304): w1 and w3 each ran it without a lock"
                                        + " shared between processes (mode naive)"));
        assertThat(x.toMap()).isEqualTo(Map.of("no-lock", counts(1, 1, 0)));
    }

    @Test
    void a_fast_job_released_before_a_slower_worker_fired_is_released_early() {
        s.in("postgres")
                .row("w2", 202, "04:00:30", "04:00:30.023", "04:00:30.033")
                .row("w4", 204, "04:00:30", "04:00:30.039", "04:00:30.050")
                .said("04:00:30.012", "w2", 202, FIRED, "04:00:30", CRON)
                .said("04:00:30.023", "w2", 202, ACQUIRED, "04:00:30", PG + "owner=w2-202 waited_ms=0")
                .said("04:00:30.034", "w2", 202, RELEASED, "04:00:30", PG_KEY + "owner=w2-202 how=unlock held_ms=11")
                .said("04:00:30.038", "w4", 204, FIRED, "04:00:30", CRON)
                .said("04:00:30.039", "w4", 204, ACQUIRED, "04:00:30", PG + "owner=w4-204 waited_ms=0");

        Explanations x = s.explain("04:00:30", "04:00:31");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        DUPLICATE,
                        t("04:00:30"),
                        Cause.RELEASED_EARLY,
                        "tick 04:00:30 ran twice: w2 held advisory lock 42 for 11 ms (released .034); w4 fired"
                                + " .038 — 26 ms after w2 — and took it at .039"));
        assertThat(x.causes()).containsExactly(Cause.RELEASED_EARLY);
    }

    @Test
    void a_lease_shorter_than_the_job_lets_the_next_tick_overlap_it_and_is_lease_expired() {
        s.row("w1", 101, "12:00:02", "12:00:02.002", "12:00:03.800")
                .row("w3", 103, "12:00:03", "12:00:03.005", "12:00:03.300")
                .said(
                        "12:00:02.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:02",
                        REDIS + "owner=w1-101-aa ttl_ms=999" + until("12:00:03"))
                .said("12:00:03.003", "w3", 103, FIRED, "12:00:03", CRON)
                .said(
                        "12:00:03.004",
                        "w3",
                        103,
                        ACQUIRED,
                        "12:00:03",
                        REDIS + "owner=w3-103-cc ttl_ms=999" + until("12:00:04.003"));

        Explanations x = s.explain("12:00:02", "12:00:04");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        OVERLAP,
                        t("12:00:03"),
                        Cause.LEASE_EXPIRED,
                        "overlap: w1 (12:00:02.002–12:00:03.800) and w3 (.005–.300): w1's lease expired at .000"
                                + " while its job ran until .800; w3 took the lock at .004"));
    }

    @Test
    void a_lease_renewed_past_the_end_of_the_job_is_not_lease_expired() {
        s.row("w1", 101, "12:00:02", "12:00:02.002", "12:00:03.800")
                .row("w3", 103, "12:00:03", "12:00:03.005", "12:00:03.300")
                .said("12:00:02.001", "w1", 101, ACQUIRED, "12:00:02", REDIS + "owner=w1-101-aa" + until("12:00:03"))
                .said("12:00:02.600", "w1", 101, RENEWED, "12:00:02", REDIS_KEY + "owner=w1-101-aa" + until("12:00:04"))
                .said("12:00:03.003", "w3", 103, FIRED, "12:00:03", CRON)
                .said("12:00:03.004", "w3", 103, ACQUIRED, "12:00:03", REDIS + "owner=w3-103-cc");

        Explanations x = s.explain("12:00:02", "12:00:04");

        // the renewal kept w1's lease until :04, so nothing the recording holds explains w3's acquire at :03.004
        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(tuple(OVERLAP, Cause.UNEXPLAINED));
        assertThat(x.findings().get(0).sentence())
                .endsWith("the recording has no release for w1 before w3 took the lock");
    }

    @Test
    void a_lease_that_expired_before_the_later_worker_fired_is_lease_expired_not_released_early() {
        s.row("w1", 101, "12:00:07", "12:00:07.002", "12:00:07.500")
                .row("w2", 102, "12:00:07", "12:00:07.252", "12:00:07.400")
                .said("12:00:07.000", "w1", 101, FIRED, "12:00:07", CRON)
                .said(
                        "12:00:07.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:07",
                        REDIS + "owner=w1-101-aa" + until("12:00:07.200"))
                .said("12:00:07.250", "w2", 102, FIRED, "12:00:07", CRON)
                .said(
                        "12:00:07.251",
                        "w2",
                        102,
                        ACQUIRED,
                        "12:00:07",
                        REDIS + "owner=w2-102-bb" + until("12:00:08.251"))
                .said(
                        "12:00:07.501",
                        "w1",
                        101,
                        RELEASED,
                        "12:00:07",
                        REDIS_KEY + "owner=w1-101-aa how=expires" + until("12:00:07.200"));

        Explanations x = s.explain("12:00:07", "12:00:08");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(tuple(DUPLICATE, Cause.LEASE_EXPIRED), tuple(OVERLAP, Cause.LEASE_EXPIRED));
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:07 ran twice: w1's lease expired at .200 while its job ran until .500; w2"
                        + " took the lock at .251");
    }

    /** The story of lesson 18: the holder's host cut off from the lock server early in its job. */
    private Story cutOffHolder() {
        return s.row("w1", 101, "12:00:07", "12:00:07.002", "12:00:09.002")
                .row("w3", 103, "12:00:07", "12:00:07.902", "12:00:09.902")
                .said("12:00:07.000", "w1", 101, FIRED, "12:00:07", CRON)
                .said(
                        "12:00:07.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:07",
                        REDIS + "owner=w1-101-aa" + until("12:00:07.801"))
                .network("12:00:07.100", "partition", "host1", "w1 w2")
                .said("12:00:07.000", "w3", 103, FIRED, "12:00:07", CRON)
                .said(
                        "12:00:07.901",
                        "w3",
                        103,
                        ACQUIRED,
                        "12:00:07",
                        REDIS + "owner=w3-103-cc" + until("12:00:08.701"));
    }

    @Test
    void a_lease_that_ran_out_while_its_host_was_cut_off_is_lease_expired_and_the_sentence_names_the_cut() {
        Explanations x = cutOffHolder().explain("12:00:07", "12:00:08");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(tuple(DUPLICATE, Cause.LEASE_EXPIRED), tuple(OVERLAP, Cause.LEASE_EXPIRED));
        assertThat(x.findings().get(0).sentence())
                .isEqualTo(
                        "tick 12:00:07 ran twice: w1's lease expired at .801, host1 having been cut off from the"
                                + " lock servers at .100 while its job ran until 12:00:09.002; w3 took the lock at 12:00:07.901");
    }

    @Test
    void a_cut_healed_before_the_lease_ran_out_is_not_named() {
        Explanations x =
                cutOffHolder().network("12:00:07.300", "heal", "host1", "w1 w2").explain("12:00:07", "12:00:08");

        assertThat(x.findings().get(0).sentence()).doesNotContain("cut off");
    }

    /**
     * w2's lease for tick :09 ran out at :10.000 while its job ran until :10.299; w1 took the key at :10.001; w2
     * then deleted it unsafely (w1's by now) at :10.300, and w3, firing late, took it at :10.311.
     */
    private void aDeleteThatFreedAnotherWorkersKey() {
        s.row("w2", 102, "12:00:09", "12:00:09.002", "12:00:10.299")
                .row("w1", 101, "12:00:10", "12:00:10.002", "12:00:10.600")
                .row("w3", 103, "12:00:10", "12:00:10.312", "12:00:10.500")
                .said("12:00:09.001", "w2", 102, ACQUIRED, "12:00:09", REDIS + "owner=w2-102-bb" + until("12:00:10"))
                .said("12:00:10.000", "w1", 101, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w1-101-aa" + until("12:00:15.001"))
                .said(
                        "12:00:10.300",
                        "w2",
                        102,
                        RELEASED,
                        "12:00:09",
                        REDIS_KEY + "owner=w2-102-bb how=deleted deleted_owner=w1-101-aa held_ms=1299")
                .said("12:00:10.310", "w3", 103, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.311",
                        "w3",
                        103,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w3-103-cc" + until("12:00:15.311"));
    }

    @Test
    void another_workers_unsafe_delete_of_the_holders_key_is_deleted_by_other() {
        aDeleteThatFreedAnotherWorkersKey();

        Explanations x = s.explain("12:00:10", "12:00:11"); // w2's row, of tick :09, is outside the span

        assertThat(Story.inEnglish(x))
                .containsExactly(
                        new Finding(
                                DUPLICATE,
                                t("12:00:10"),
                                Cause.DELETED_BY_OTHER,
                                "tick 12:00:10 ran twice: w2's unsafe delete at .300 freed w1-101-aa's"
                                        + " scheduler_lock:tick while w1 still held it; w3 took it at .311"),
                        new Finding(
                                OVERLAP,
                                t("12:00:10"),
                                Cause.DELETED_BY_OTHER,
                                "overlap: w1 (.002–.600) and w3 (.312–.500): w2's unsafe delete at .300 freed"
                                        + " w1-101-aa's scheduler_lock:tick while w1 still held it; w3 took it at .311"));
    }

    @Test
    void a_chain_of_an_expired_lease_then_an_unsafe_delete_yields_both_causes_the_tick_the_more_specific() {
        aDeleteThatFreedAnotherWorkersKey();

        Explanations x = s.explain("12:00:09", "12:00:11");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::tick, Finding::cause)
                .containsExactly(
                        tuple(DUPLICATE, t("12:00:10"), Cause.DELETED_BY_OTHER),
                        tuple(OVERLAP, t("12:00:10"), Cause.LEASE_EXPIRED),
                        tuple(OVERLAP, t("12:00:10"), Cause.DELETED_BY_OTHER));
        assertThat(x.findings().get(1).sentence())
                .isEqualTo("overlap: w2 (12:00:09.002–12:00:10.299) and w1 (.002–.600): w2's lease expired at"
                        + " .000 while its job ran until .299; w1 took the lock at .001");
        assertThat(x.toMap()).isEqualTo(Map.of("deleted-by-other", counts(1, 1, 0), "lease-expired", counts(0, 1, 0)));
        assertThat(x.toMap().keySet()).containsExactly("deleted-by-other", "lease-expired");
    }

    @Test
    void a_try_lock_granted_before_the_holders_released_line_was_stamped_is_released_early_not_queued() {
        // Two processes' clocks stamp their lines after the fact: w2's COMMIT returned at .033, its line says .034,
        // and w4's try, begun at .032, was granted in between. A try-lock that got the lock found it free.
        s.in("postgres")
                .row("w2", 202, "04:00:30", "04:00:30.023", "04:00:30.030")
                .row("w4", 204, "04:00:30", "04:00:30.034", "04:00:30.040")
                .said("04:00:30.012", "w2", 202, FIRED, "04:00:30", CRON)
                .said("04:00:30.023", "w2", 202, ACQUIRED, "04:00:30", PG + "owner=w2-202 waited_ms=0")
                .said("04:00:30.031", "w4", 204, FIRED, "04:00:30", CRON)
                .said("04:00:30.033", "w4", 204, ACQUIRED, "04:00:30", PG + "owner=w4-204 waited_ms=1 blocking=false")
                .said("04:00:30.034", "w2", 202, RELEASED, "04:00:30", PG_KEY + "owner=w2-202 how=commit held_ms=10");

        Explanations x = s.explain("04:00:30", "04:00:31");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.RELEASED_EARLY);
        assertThat(x.findings().get(0).sentence()).contains("w4 fired .031 — 19 ms after w2 — and took it at .033");
    }

    @Test
    void a_blocking_lock_that_only_made_the_second_worker_wait_is_queued() {
        s.in("postgres")
                .row("w1", 101, "12:00:20", "12:00:20.003", "12:00:20.303")
                .row("w2", 102, "12:00:20", "12:00:20.305", "12:00:20.605")
                .said("12:00:20.001", "w1", 101, FIRED, "12:00:20", CRON)
                .said("12:00:20.002", "w1", 101, ACQUIRED, "12:00:20", PG + "owner=w1-101 waited_ms=1")
                .said("12:00:20.005", "w2", 102, FIRED, "12:00:20", CRON)
                .said("12:00:20.304", "w1", 101, RELEASED, "12:00:20", PG_KEY + "owner=w1-101 how=unlock held_ms=302")
                .said("12:00:20.304", "w2", 102, ACQUIRED, "12:00:20", PG + "owner=w2-102 waited_ms=299 blocking=true");

        Explanations x = s.explain("12:00:20", "12:00:21");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        DUPLICATE,
                        t("12:00:20"),
                        Cause.QUEUED,
                        "tick 12:00:20 ran twice: w2 fired .005 while w1 held advisory lock 42; w1 released it at"
                                + " .304 and w2, queued behind it for 299 ms, took it at .304"));
    }

    @Test
    void interval_workers_on_their_own_phases_are_own_phase_rather_than_released_early() {
        s.row("w1", 101, "12:00:30", "12:00:30.002", "12:00:30.302")
                .row("w2", 102, "12:00:30", "12:00:30.702", "12:00:31.002")
                .said("12:00:30.000", "w1", 101, FIRED, "12:00:30", "trigger=interval phase_ms=0")
                .said("12:00:30.001", "w1", 101, ACQUIRED, "12:00:30", REDIS + "owner=w1-101-aa")
                .said("12:00:30.303", "w1", 101, RELEASED, "12:00:30", REDIS_KEY + "owner=w1-101-aa how=deleted")
                .said("12:00:30.700", "w2", 102, FIRED, "12:00:30", "trigger=interval phase_ms=700")
                .said("12:00:30.701", "w2", 102, ACQUIRED, "12:00:30", REDIS + "owner=w2-102-bb");

        Explanations x = s.explain("12:00:30", "12:00:31");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        DUPLICATE,
                        t("12:00:30"),
                        Cause.OWN_PHASE,
                        "tick 12:00:30 ran twice: w1 and w2 fire on their own phases (interval trigger, 0 ms and"
                                + " 700 ms into the period): w1 freed scheduler_lock:tick at .303, w2 fired .700 and"
                                + " took it at .701"));
    }

    @Test
    void one_process_whose_run_outlasts_its_next_tick_is_self_overlap() {
        s.row("w1", 101, "12:00:40", "12:00:40.001", "12:00:41.500")
                .row("w1", 101, "12:00:41", "12:00:41.001", "12:00:41.300")
                .said("12:00:41.000", "w1", 101, FIRED, "12:00:41", CRON);

        Explanations x = s.explain("12:00:40", "12:00:42");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        OVERLAP,
                        t("12:00:41"),
                        Cause.SELF_OVERLAP,
                        "overlap: w1 (12:00:40.001–12:00:41.500) and w1 (.001–.300): w1 (pid 101) ran both in one"
                                + " process: it started them at 12:00:40.001 and 12:00:41.001, the first ending"
                                + " .500"));
    }

    @Test
    void a_killed_holder_whose_key_outlived_it_is_dead_holder_even_though_it_held_the_lock_past_the_window() {
        s.said(
                        "12:00:05.001",
                        "w1",
                        4242,
                        ACQUIRED,
                        "12:00:05",
                        REDIS + "owner=w1-4242-9f3c ttl_ms=5000" + until("12:00:10.001"))
                .fault("12:00:05.210", "kill", "w1", 4242)
                .said("12:00:06.002", "w2", 4243, FIRED, "12:00:06", CRON)
                .said(
                        "12:00:06.003",
                        "w2",
                        4243,
                        SKIPPED,
                        "12:00:06",
                        "reason=held key=scheduler_lock:tick holder=w1-4242-9f3c holder_ms_left=3998");

        Explanations x = s.explain("12:00:06", "12:00:07");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:06"),
                        Cause.DEAD_HOLDER,
                        "tick 12:00:06 missed: w1-4242-9f3c held scheduler_lock:tick (3998 ms left) but was killed"
                                + " at 12:00:05.210"));
    }

    /**
     * PostgreSQL names the holder by its session's application, {@code w1}, where the grant says {@code w1-4242}; and
     * each process stamps its own lines, so under load the holder's grant can be stamped after the skips it caused.
     */
    @Test
    void an_advisory_lock_holder_killed_in_its_tick_is_dead_holder_even_when_its_grant_was_stamped_after_the_skip() {
        s.in("postgres")
                .said("12:00:06.001", "w2", 4243, FIRED, "12:00:06", CRON)
                .said("12:00:06.002", "w2", 4243, SKIPPED, "12:00:06", "reason=held key=42 holder=w1")
                .said("12:00:06.020", "w1", 4242, ACQUIRED, "12:00:06", PG + "owner=w1-4242")
                .fault("12:00:06.300", "kill", "w1", 4242);

        Explanations x = s.explain("12:00:06", "12:00:07");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:06"),
                        Cause.DEAD_HOLDER,
                        "tick 12:00:06 missed: w1 held advisory lock 42 but was killed at .300"));
    }

    @Test
    void a_holder_that_died_on_its_own_while_its_key_lived_on_is_dead_holder() {
        s.said(
                        "12:00:15.001",
                        "w1",
                        4242,
                        ACQUIRED,
                        "12:00:15",
                        REDIS + "owner=w1-4242-9f3c ttl_ms=5000" + until("12:00:20.001"))
                .exited("12:00:15.120", "w1", 4242, 134)
                .said("12:00:16.002", "w2", 4243, FIRED, "12:00:16", CRON)
                .said(
                        "12:00:16.003",
                        "w2",
                        4243,
                        SKIPPED,
                        "12:00:16",
                        "reason=held key=scheduler_lock:tick holder=w1-4242-9f3c holder_ms_left=3998");

        Explanations x = s.explain("12:00:16", "12:00:17");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:16"),
                        Cause.DEAD_HOLDER,
                        "tick 12:00:16 missed: w1-4242-9f3c held scheduler_lock:tick (3998 ms left) but died on its"
                                + " own (exit 134) at 12:00:15.120"));
    }

    @Test
    void a_kill_of_another_process_of_the_holders_worker_is_not_dead_holder() {
        s.said("12:00:05.001", "w1", 4242, ACQUIRED, "12:00:05", REDIS + "owner=w1-4242-9f3c")
                .fault("12:00:05.210", "kill", "w1", 4000)
                .said(
                        "12:00:06.003",
                        "w2",
                        4243,
                        SKIPPED,
                        "12:00:06",
                        "reason=held holder=w1-4242-9f3c holder_ms_left=3998");

        Explanations x = s.explain("12:00:06", "12:00:07");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.HELD_PAST_WINDOW);
    }

    @Test
    void a_worker_stopped_after_taking_the_lock_for_the_tick_and_before_writing_is_dead_holder() {
        s.said("12:00:08.001", "w2", 202, FIRED, "12:00:08", CRON)
                .said(
                        "12:00:08.003",
                        "w2",
                        202,
                        ACQUIRED,
                        "12:00:08",
                        REDIS + "owner=w2-202-bb ttl_ms=5000" + until("12:00:13.003"))
                .fault("12:00:08.150", "stop", "w2", 202);

        Explanations x = s.explain("12:00:08", "12:00:09");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:08"),
                        Cause.DEAD_HOLDER,
                        "tick 12:00:08 missed: w2 (pid 202) took scheduler_lock:tick at .003 but was stopped at"
                                + " .150 before writing its row (its key had 4853 ms left)"));
    }

    @Test
    void a_lock_taken_for_the_previous_tick_still_held_when_the_next_fired_is_held_past_window() {
        s.row("w1", 101, "12:00:11", "12:00:11.002", "12:00:11.302")
                .said(
                        "12:00:11.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:11",
                        REDIS + "owner=w1-101-aa ttl_ms=1500" + until("12:00:12.501"))
                .said("12:00:12.001", "w2", 102, FIRED, "12:00:12", CRON)
                .said(
                        "12:00:12.002",
                        "w2",
                        102,
                        SKIPPED,
                        "12:00:12",
                        "reason=held key=scheduler_lock:tick holder=w1-101-aa holder_ms_left=499");

        Explanations x = s.explain("12:00:11", "12:00:13");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:12"),
                        Cause.HELD_PAST_WINDOW,
                        "tick 12:00:12 missed: w1-101-aa still held scheduler_lock:tick from tick 12:00:11 (499 ms"
                                + " left) when w2 tried at .002"));
    }

    @Test
    void a_skip_that_found_the_key_taken_and_gone_when_it_asked_who_held_it_is_held_past_window() {
        s.row("w1", 101, "12:00:21", "12:00:21.002", "12:00:21.302")
                .said(
                        "12:00:21.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:21",
                        REDIS + "owner=w1-101-aa ttl_ms=2000" + until("12:00:23.001"))
                .said(
                        "12:00:21.998",
                        "w1",
                        101,
                        RELEASED,
                        "12:00:21",
                        "key=scheduler_lock:tick owner=w1-101-aa how=expires" + until("12:00:22.004"))
                .said("12:00:22.001", "w2", 102, FIRED, "12:00:22", CRON)
                .said("12:00:22.003", "w2", 102, SKIPPED, "12:00:22", "reason=held key=scheduler_lock:tick");

        Explanations x = s.explain("12:00:21", "12:00:23");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:22"),
                        Cause.HELD_PAST_WINDOW,
                        "tick 12:00:22 missed: w1-101-aa held scheduler_lock:tick from tick 12:00:21 until .004,"
                                + " past this tick's start; w2 found it taken at .003 and gone when it asked who"
                                + " held it"));
    }

    @Test
    void a_skip_without_a_holder_after_the_last_holder_had_let_go_before_the_tick_is_unexplained() {
        s.row("w1", 101, "12:00:31", "12:00:31.002", "12:00:31.302")
                .said(
                        "12:00:31.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:31",
                        REDIS + "owner=w1-101-aa ttl_ms=2000" + until("12:00:33.001"))
                .said(
                        "12:00:31.950",
                        "w1",
                        101,
                        RELEASED,
                        "12:00:31",
                        "key=scheduler_lock:tick owner=w1-101-aa how=expires" + until("12:00:31.990"))
                .said("12:00:32.001", "w2", 102, FIRED, "12:00:32", CRON)
                .said("12:00:32.003", "w2", 102, SKIPPED, "12:00:32", "reason=held key=scheduler_lock:tick");

        Explanations x = s.explain("12:00:31", "12:00:33");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.UNEXPLAINED);
    }

    @Test
    void a_tick_no_worker_fired_for_is_no_worker() {
        s.row("w1", 101, "12:00:49", "12:00:49.002", "12:00:49.302")
                .said("12:00:49.001", "w1", 101, FIRED, "12:00:49", CRON);

        Explanations x = s.explain("12:00:49", "12:00:51");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:50"),
                        Cause.NO_WORKER,
                        "tick 12:00:50 missed: no worker fired (all down or paused)"));
        assertThat(x.toMap()).isEqualTo(Map.of("no-worker", counts(0, 0, 1)));
    }

    @Test
    void a_tick_whose_every_fire_came_too_late_to_run_is_late_fire_with_each_lateness() {
        s.row("w1", 101, "12:00:49", "12:00:49.002", "12:00:49.302")
                .said("12:00:49.001", "w1", 101, FIRED, "12:00:49", CRON)
                .said("12:00:51.412", "w1", 101, SKIPPED, "12:00:50", "reason=late scheduled_at=2026-07-07T12:00:50Z")
                .said("12:00:51.530", "w2", 102, SKIPPED, "12:00:50", "reason=late scheduled_at=2026-07-07T12:00:50Z");

        Explanations x = s.explain("12:00:49", "12:00:51");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:50"),
                        Cause.LATE_FIRE,
                        "tick 12:00:50 missed: no fire came in time to run it: w1 1412 ms, w2 1530 ms late, more than"
                                + " half a period (paused, or starved of the CPU); no other worker fired"));
    }

    @Test
    void a_tick_one_worker_fired_for_in_time_is_not_put_down_to_another_workers_late_fire() {
        s.said("12:00:50.001", "w2", 102, FIRED, "12:00:50", CRON)
                .said("12:00:50.002", "w2", 102, SKIPPED, "12:00:50", "reason=held key=scheduler_lock:tick")
                .said("12:00:51.412", "w1", 101, SKIPPED, "12:00:50", "reason=late scheduled_at=2026-07-07T12:00:50Z");

        Explanations x = s.explain("12:00:50", "12:00:51");

        assertThat(x.findings()).extracting(Finding::cause).doesNotContain(Cause.LATE_FIRE);
    }

    @Test
    void a_tick_during_a_switch_one_worker_still_naive_the_other_under_redis_is_no_lock() {
        s.in("naive")
                .row("w1", 101, "12:00:59", "12:00:59.038", "12:00:59.338")
                .in("redis")
                .row("w4", 104, "12:00:59", "12:00:59.054", "12:00:59.354")
                .said("12:00:59.030", "w1", 101, FIRED, "12:00:59", CRON)
                .said("12:00:59.050", "w4", 104, FIRED, "12:00:59", CRON)
                .said("12:00:59.052", "w4", 104, ACQUIRED, "12:00:59", REDIS + "owner=w4-104-dd");

        Explanations x = s.explain("12:00:59", "12:01:00");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.NO_LOCK, Cause.NO_LOCK);
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:59 ran twice: w1 ran it without a lock shared between processes (mode naive),"
                        + " so w4's lock (mode redis) could not keep it out: the workers were between two modes");
    }

    @Test
    void a_second_row_the_recording_has_no_acquire_for_is_unexplained_and_says_what_is_missing() {
        s.row("w2", 102, "12:00:55", "12:00:55.002", "12:00:55.302")
                .row("w3", 103, "12:00:55", "12:00:55.400", "12:00:55.500")
                .said("12:00:55.000", "w2", 102, FIRED, "12:00:55", CRON)
                .said("12:00:55.001", "w2", 102, ACQUIRED, "12:00:55", REDIS + "owner=w2-102-bb")
                .said("12:00:55.010", "w3", 103, FIRED, "12:00:55", CRON);

        Explanations x = s.explain("12:00:55", "12:00:56");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        DUPLICATE,
                        t("12:00:55"),
                        Cause.UNEXPLAINED,
                        "tick 12:00:55 ran twice: unexplained — w2 and w3 both wrote rows; the recording has no"
                                + " acquire for w3"));
    }

    @Test
    void a_tick_whose_only_worker_skipped_it_as_late_is_unexplained_with_what_each_worker_said() {
        s.said("12:00:57.400", "w1", 101, FIRED, "12:00:57", CRON)
                .said("12:00:57.401", "w1", 101, SKIPPED, "12:00:57", "reason=late");

        Explanations x = s.explain("12:00:57", "12:00:58");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:57"),
                        Cause.UNEXPLAINED,
                        "tick 12:00:57 missed: unexplained — w1 fired but none wrote a row; w1 skipped (late)"));
    }

    @Test
    void three_naive_rows_are_one_tick_ran_three_times_and_three_overlaps_in_tick_order() {
        s.in("naive");
        for (int w = 1; w <= 3; w++) {
            s.row("w" + w, 100 + w, "12:00:59", "12:00:59.00" + w, "12:00:59.30" + w);
        }
        s.row("w1", 101, "12:00:58", "12:00:58.001", "12:00:58.301");

        Explanations x = s.explain("12:00:58", "12:01:00");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::tick)
                .containsExactly(
                        tuple(DUPLICATE, t("12:00:59")),
                        tuple(OVERLAP, t("12:00:59")),
                        tuple(OVERLAP, t("12:00:59")),
                        tuple(OVERLAP, t("12:00:59")));
        assertThat(x.findings().get(0).sentence()).startsWith("tick 12:00:59 ran 3 times (w1, w2, w3): ");
        assertThat(x.counts()).containsExactly(Map.entry(Cause.NO_LOCK, new CauseCounts(1, 3, 0)));
    }

    @Test
    void a_holder_paused_past_its_lease_that_wrote_after_the_next_holder_is_paused_holder_not_lease_expired() {
        s.in("redis")
                .row("w2", 4243, "12:00:10", "12:00:10.353", "12:00:10.653")
                .row("w1", 4242, "12:00:10", "12:00:10.003", "12:00:10.901")
                .said("12:00:10.001", "w1", 4242, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.002",
                        "w1",
                        4242,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w1-4242-aa ttl_ms=300" + until("12:00:10.302"))
                .said("12:00:10.003", "w2", 4243, FIRED, "12:00:10", CRON)
                .fault("12:00:10.100", "pause", "w1", 4242)
                .said(
                        "12:00:10.352",
                        "w2",
                        4243,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w2-4243-bb ttl_ms=300 waited_ms=349" + until("12:00:10.652"))
                .fault("12:00:10.900", "resume", "w1", 4242);

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(tuple(DUPLICATE, Cause.PAUSED_HOLDER), tuple(OVERLAP, Cause.PAUSED_HOLDER));
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:10 ran twice: w1 held scheduler_lock:tick and was paused at .100,"
                        + " its lease ending .302; w2 took the lock at .352; w1 resumed at .900 and wrote late, at"
                        + " .901");
    }

    @Test
    void a_pause_that_ended_before_the_other_took_the_lock_is_not_paused_holder() {
        s.in("redis")
                .row("w1", 4242, "12:00:10", "12:00:10.003", "12:00:10.901")
                .row("w2", 4243, "12:00:10", "12:00:10.353", "12:00:10.653")
                .said(
                        "12:00:10.002",
                        "w1",
                        4242,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w1-4242-aa ttl_ms=300" + until("12:00:10.302"))
                .fault("12:00:10.100", "pause", "w1", 4242)
                .fault("12:00:10.200", "resume", "w1", 4242)
                .said("12:00:10.003", "w2", 4243, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.352",
                        "w2",
                        4243,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w2-4243-bb ttl_ms=300" + until("12:00:10.652"));

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.LEASE_EXPIRED);
    }

    @Test
    void a_tick_whose_only_write_was_refused_for_a_stale_token_is_refused() {
        s.in("fenced")
                .row("w2", 4243, "12:00:11", "12:00:11.004", "12:00:11.304")
                .said("12:00:10.001", "w1", 4242, FIRED, "12:00:10", CRON)
                .said("12:00:10.002", "w1", 4242, ACQUIRED, "12:00:10", REDIS + "owner=w1-4242-aa token=7")
                .fault("12:00:10.100", "pause", "w1", 4242)
                .said("12:00:10.003", "w2", 4243, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.004",
                        "w2",
                        4243,
                        SKIPPED,
                        "12:00:10",
                        "reason=held key=scheduler_lock:tick holder=w1-4242-aa holder_ms_left=297")
                .said("12:00:11.002", "w2", 4243, FIRED, "12:00:11", CRON)
                .said("12:00:11.003", "w2", 4243, ACQUIRED, "12:00:11", REDIS + "owner=w2-4243-bb token=8")
                .fault("12:00:11.600", "resume", "w1", 4242)
                .said("12:00:11.601", "w1", 4242, REFUSED, "12:00:10", "token=7 last_token=8 wrote=false");

        Explanations x = s.explain("12:00:10", "12:00:12");

        assertThat(Story.inEnglish(x))
                .containsExactly(new Finding(
                        MISSED,
                        t("12:00:10"),
                        Cause.REFUSED,
                        "tick 12:00:10 missed: w1's write for this tick was refused at 12:00:11.601: its token 7 was"
                                + " lower than 8, the last the store accepted; the lock had passed on while it held"
                                + " it"));
    }

    @Test
    void two_workers_that_took_the_same_key_on_two_lock_servers_are_split_servers() {
        s.in("redis")
                .row("w1", 101, "12:00:20", "12:00:20.003", "12:00:20.303")
                .row("w2", 102, "12:00:20", "12:00:20.004", "12:00:20.304")
                .said("12:00:20.001", "w1", 101, FIRED, "12:00:20", CRON)
                .said("12:00:20.002", "w1", 101, ACQUIRED, "12:00:20", REDIS + "owner=w1-101-aa lock_server=1")
                .said("12:00:20.002", "w2", 102, FIRED, "12:00:20", CRON)
                .said("12:00:20.003", "w2", 102, ACQUIRED, "12:00:20", REDIS + "owner=w2-102-bb lock_server=2");

        Explanations x = s.explain("12:00:20", "12:00:21");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(tuple(DUPLICATE, Cause.SPLIT_SERVERS), tuple(OVERLAP, Cause.SPLIT_SERVERS));
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:20 ran twice: w1 took scheduler_lock:tick on lock server 1 at .002,"
                        + " w2 took it on lock server 2 at .003: one name, two locks that never saw each other");
    }

    @Test
    void a_tick_during_a_switch_one_worker_still_under_redis_the_other_already_under_postgres_is_two_locks() {
        s.in("redis")
                .row("w1", 101, "12:00:30", "12:00:30.003", "12:00:30.303")
                .in("postgres")
                .row("w2", 102, "12:00:30", "12:00:30.041", "12:00:30.341")
                .said("12:00:30.001", "w1", 101, FIRED, "12:00:30", CRON)
                .said("12:00:30.002", "w1", 101, ACQUIRED, "12:00:30", REDIS + "owner=w1-101-aa")
                .said("12:00:30.039", "w2", 102, FIRED, "12:00:30", CRON)
                .said("12:00:30.040", "w2", 102, ACQUIRED, "12:00:30", PG + "owner=w2-102-bb");

        Explanations x = s.explain("12:00:30", "12:00:31");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(tuple(DUPLICATE, Cause.TWO_LOCKS), tuple(OVERLAP, Cause.TWO_LOCKS));
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:30 ran twice: w1 took scheduler_lock:tick (mode redis) at .002, w2 took"
                        + " advisory lock 42 (mode postgres) at .040: two locks, neither of which keeps the other out;"
                        + " the workers were between two modes, as in a rolling deploy that changes the lock");
    }

    @Test
    void two_workers_under_one_mode_s_one_lock_on_one_server_are_never_two_locks() {
        s.in("redis")
                .row("w1", 101, "12:00:40", "12:00:40.003", "12:00:40.303")
                .row("w2", 102, "12:00:40", "12:00:40.004", "12:00:40.304")
                .said("12:00:40.001", "w1", 101, FIRED, "12:00:40", CRON)
                .said("12:00:40.002", "w1", 101, ACQUIRED, "12:00:40", REDIS + "owner=w1-101-aa")
                .said("12:00:40.002", "w2", 102, FIRED, "12:00:40", CRON)
                .said("12:00:40.003", "w2", 102, ACQUIRED, "12:00:40", REDIS + "owner=w2-102-bb");

        Explanations x = s.explain("12:00:40", "12:00:41");

        assertThat(x.findings()).extracting(Finding::cause).doesNotContain(Cause.TWO_LOCKS);
    }

    @Test
    void
            a_holder_whose_lease_ran_out_while_it_was_paused_is_paused_holder_even_if_the_other_took_the_lock_after_it_resumed() {
        s.in("redis")
                .row("w1", 4242, "12:00:10", "12:00:10.003", "12:00:10.901")
                .row("w2", 4243, "12:00:10", "12:00:10.451", "12:00:10.751")
                .said(
                        "12:00:10.002",
                        "w1",
                        4242,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w1-4242-aa ttl_ms=300" + until("12:00:10.302"))
                .fault("12:00:10.100", "pause", "w1", 4242)
                .fault("12:00:10.400", "resume", "w1", 4242)
                .said("12:00:10.003", "w2", 4243, FIRED, "12:00:10", CRON)
                .said(
                        "12:00:10.450",
                        "w2",
                        4243,
                        ACQUIRED,
                        "12:00:10",
                        REDIS + "owner=w2-4243-bb ttl_ms=300" + until("12:00:10.750"));

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.PAUSED_HOLDER);
    }

    @Test
    void a_tick_quartz_re_ran_for_a_node_it_declared_dead_while_that_node_was_only_paused_is_recovered_by_cluster() {
        // w1 fired the tick and was paused mid-job past its check-in (1 s) plus Quartz's 7.5 s; w2's scheduler declared
        // it dead and re-ran the job, which requests recovery, for the original tick; w1 resumed and wrote its own row.
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w1", 101, "clustered=on checkin-interval=1s recovery=on")
                .inMode("12:00:00.500", "w2", 102, "clustered=on checkin-interval=1s recovery=on")
                .row("w1", 101, "12:00:10", "12:00:10.002", "12:00:22.300")
                .row("w2", 102, "12:00:10", "12:00:19.501", "12:00:19.801")
                .said("12:00:10.001", "w1", 101, FIRED, "12:00:10", CRON)
                .fault("12:00:10.200", "pause", "w1", 101)
                .said("12:00:19.500", "w2", 102, FIRED, "12:00:10", CRON + " recovering=true")
                .fault("12:00:22.000", "resume", "w1", 101);

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.RECOVERED_BY_CLUSTER);
        assertThat(x.findings()).extracting(Finding::kind).contains(Finding.Kind.DUPLICATE, Finding.Kind.OVERLAP);
        assertThat(x.findings().get(0).sentence())
                .contains("w2 re-ran it as Quartz's recovery of w1 at 12:00:19.500")
                .contains("older than 1s + 7.5 s")
                .contains("w1 had been paused at 12:00:10.200 and resumed at 12:00:22.000")
                .contains("wrote its own row at .300");
    }

    @Test
    void
            a_run_re_ran_by_a_node_starting_on_an_unclustered_store_with_quartzs_default_id_is_said_as_its_start_recovery() {
        // Unclustered, every node NON_CLUSTERED: w1 fired the tick and was still in its job when w2's Quartz started;
        // w2's recoverJobs() took w1's fired trigger, which requests recovery, for its own and ran the job again.
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w1", 101, "clustered=off recovery=on instance-id=default")
                .inMode("12:00:10.300", "w2", 102, "clustered=off recovery=on instance-id=default")
                .row("w1", 101, "12:00:10", "12:00:10.002", "12:00:11.502")
                .row("w2", 102, "12:00:10", "12:00:10.401", "12:00:11.901")
                .said("12:00:10.001", "w1", 101, FIRED, "12:00:10", CRON)
                .said("12:00:10.400", "w2", 102, FIRED, "12:00:10", CRON + " recovering=true");

        Explanations x = s.explain("12:00:10", "12:00:11");

        assertThat(x.findings()).extracting(Finding::cause).contains(Cause.RECOVERED_BY_CLUSTER);
        assertThat(x.findings().get(0).sentence())
                .contains("w2 re-ran it as Quartz's recovery at its start, at .400")
                .contains("every node is NON_CLUSTERED, so w1's run, still in flight, was taken for its own")
                .contains("w1 wrote its own row at 12:00:11.502")
                .doesNotContain("declared");
    }

    @Test
    void a_tick_dropped_as_misfired_sooner_than_half_a_period_after_a_paused_node_resumed_is_dead_holder() {
        // w1, paused while it held the store's trigger, resumed at :25.390 and stored the trigger back as its stale
        // copy
        // had it; w3's misfire handler dropped tick :26 at .358, not late itself: no node fired it (lesson 21 under
        // load).
        s.in("quartz-cluster")
                .fault("12:00:12.134", "pause", "w1", 101)
                .fault("12:00:25.390", "resume", "w1", 101)
                .said("12:00:26.358", "w3", 303, SKIPPED, "12:00:26", "reason=late scheduled_at=2026-07-07T12:00:26Z");

        Explanations x = s.explain("12:00:26", "12:00:27");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.DEAD_HOLDER);
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:26 missed: w1 resumed at 12:00:25.390 and stored back the trigger it held as its"
                        + " stale copy had it, behind this tick; w3's misfire handler found it more than half a period"
                        + " late at 12:00:26.358 and moved it past the tick: no node fired it");
    }

    @Test
    void
            a_tick_dropped_as_misfired_sooner_than_half_a_period_after_the_cluster_recovered_a_paused_node_is_dead_holder() {
        // Lesson 21 in a clean-clone CI run: w2, paused while it held the trigger acquired for :50, was declared dead;
        // w3's recovery at :55.976 re-ran w2's job and set that trigger back to waiting, still at :50. w1's misfire
        // handler came round only at :56.648 and moved it past tick :56, not late itself: no node fired it. (The story
        // runs at the explainer tests' one-second period, so its drop comes .348 after the tick, under half of it.)
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w1", 101, "clustered=on checkin-interval=1s recovery=on")
                .said("12:00:48.010", "w2", 102, FIRED, "12:00:48", CRON)
                .fault("12:00:48.118", "pause", "w2", 102)
                .said("12:00:55.976", "w3", 103, FIRED, "12:00:48", CRON + " recovering=true")
                .said("12:00:56.348", "w1", 101, SKIPPED, "12:00:56", "reason=late scheduled_at=2026-07-07T12:00:56Z")
                .fault("12:01:01.126", "resume", "w2", 102);

        Explanations x = s.explain("12:00:56", "12:00:57");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.DEAD_HOLDER);
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:56 missed: w3 ran the cluster's recovery of w2 at 12:00:55.976, which set the"
                        + " trigger w2 had acquired back to waiting at the fire it was acquired for, behind this tick;"
                        + " w1's misfire handler found it more than half a period late at 12:00:56.348 and moved it past"
                        + " the tick: no node fired it");
    }

    @Test
    void a_tick_dropped_late_after_a_recovery_with_no_fire_between_is_dead_holder_however_late_the_handler_came() {
        // The misfire handler, starved of the CPU, came round .700 after the tick: late, but the trigger had been
        // behind
        // since w3's recovery of w2, and no node fired in between.
        s.in("quartz-cluster")
                .said("12:00:48.010", "w2", 102, FIRED, "12:00:48", CRON)
                .fault("12:00:48.118", "pause", "w2", 102)
                .said("12:00:55.976", "w3", 103, FIRED, "12:00:48", CRON + " recovering=true")
                .said("12:00:56.700", "w1", 101, SKIPPED, "12:00:56", "reason=late scheduled_at=2026-07-07T12:00:56Z");

        Explanations x = s.explain("12:00:56", "12:00:57");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.DEAD_HOLDER);
        assertThat(x.findings().get(0).sentence()).contains("w3 ran the cluster's recovery of w2 at 12:00:55.976");
    }

    @Test
    void a_clustered_tick_dropped_late_after_nodes_fired_again_since_a_recovery_is_late_fire() {
        // w1 fired :55 after the recovery: the trigger was not behind any more when :56's drop came .700 late.
        s.in("quartz-cluster")
                .said("12:00:48.010", "w2", 102, FIRED, "12:00:48", CRON)
                .said("12:00:54.500", "w3", 103, FIRED, "12:00:48", CRON + " recovering=true")
                .said("12:00:55.010", "w1", 101, FIRED, "12:00:55", CRON)
                .said("12:00:56.700", "w1", 101, SKIPPED, "12:00:56", "reason=late scheduled_at=2026-07-07T12:00:56Z");

        Explanations x = s.explain("12:00:56", "12:00:57");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.LATE_FIRE);
    }

    @Test
    void a_clustered_tick_dropped_more_than_half_a_period_late_is_late_fire_whatever_resumed_before() {
        s.in("quartz-cluster")
                .fault("12:00:12.134", "pause", "w1", 101)
                .fault("12:00:25.390", "resume", "w1", 101)
                .said("12:00:26.700", "w3", 303, SKIPPED, "12:00:26", "reason=late scheduled_at=2026-07-07T12:00:26Z");

        Explanations x = s.explain("12:00:26", "12:00:27");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.LATE_FIRE);
    }

    @Test
    void two_nodes_of_an_unclustered_store_that_fired_one_tick_after_a_node_started_are_unclustered_store() {
        // The store is left unclustered; w3 was restarted just before the tick. Its Quartz's start recovered the whole
        // store and set the trigger w1 had acquired back to waiting: both fired it.
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w1", 101, "clustered=off")
                .inMode("12:00:04.600", "w3", 303, "clustered=off")
                .row("w1", 101, "12:00:05", "12:00:05.002", "12:00:05.302")
                .row("w3", 303, "12:00:05", "12:00:05.004", "12:00:05.304")
                .said("12:00:05.001", "w1", 101, FIRED, "12:00:05", CRON)
                .said("12:00:05.003", "w3", 303, FIRED, "12:00:05", CRON);

        Explanations x = s.explain("12:00:05", "12:00:06");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.UNCLUSTERED_STORE);
        assertThat(x.findings().get(0).sentence())
                .contains("w1 and w3 both fired it (.001, .003) from a job store left unclustered (clustered off)")
                .contains("the last node to start its Quartz was w3 (pid 303) at 12:00:04.600");
    }

    @Test
    void two_nodes_of_a_clustered_store_that_both_fired_one_tick_are_not_unclustered_store() {
        // Clustered, the store's row lock decides: two fires of one tick are something the recording cannot explain.
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w1", 101, "clustered=on")
                .inMode("12:00:00.500", "w2", 102, "clustered=on")
                .row("w1", 101, "12:00:05", "12:00:05.002", "12:00:05.302")
                .row("w2", 102, "12:00:05", "12:00:05.004", "12:00:05.304")
                .said("12:00:05.001", "w1", 101, FIRED, "12:00:05", CRON)
                .said("12:00:05.003", "w2", 102, FIRED, "12:00:05", CRON);

        Explanations x = s.explain("12:00:05", "12:00:06");

        assertThat(x.findings()).extracting(Finding::cause).containsOnly(Cause.UNEXPLAINED);
    }

    @Test
    void a_tick_the_store_fired_on_a_node_killed_before_it_wrote_is_dead_holder() {
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w2", 102, "clustered=on recovery=off")
                .said("12:00:05.001", "w2", 102, FIRED, "12:00:05", CRON)
                .fault("12:00:05.150", "restart", "w2", 102);

        Explanations x = s.explain("12:00:05", "12:00:06");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.DEAD_HOLDER);
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:05 missed: w2 (pid 102) fired it at .001, the store's one fire of the tick, but"
                        + " was killed by a restart at .150 before writing its row; its fired trigger outlived it, and"
                        + " no node re-ran the job (recovery off)");
    }

    @Test
    void the_ticks_whose_trigger_a_paused_node_had_acquired_ahead_of_its_time_are_dead_holder() {
        // w2 ran tick :56 and had already acquired :58 when it was paused; no node fired :58, and the misfire handler
        // later dropped it on w1. The fire was held, not late for want of CPU.
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w1", 101, "clustered=on checkin-interval=1s recovery=on")
                .inMode("12:00:00.500", "w2", 102, "clustered=on checkin-interval=1s recovery=on")
                .lock(
                        "12:00:56.100",
                        "tick-trigger",
                        "w2 EXECUTING (scheduled 12:00:56.000), w2 ACQUIRED (scheduled 12:00:58.000)")
                .fault("12:00:56.122", "pause", "w2", 102)
                .said("12:01:04.600", "w1", 101, SKIPPED, "12:00:58", "reason=late scheduled_at=2026-07-07T12:00:58Z");

        // Two ticks: the one acquired, and the next, which no node could fire either while w2 held the trigger.
        Explanations x = Explainer.explain(
                s.rows, s.events, Story.t("12:00:58"), Story.t("12:01:02"), java.time.Duration.ofSeconds(2));

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.DEAD_HOLDER, Cause.DEAD_HOLDER);
        assertThat(x.findings().get(0).sentence())
                .contains("w2 held the store's trigger, acquired for its fire of 12:00:58.000 ahead of its time"
                        + " (ACQUIRED in qrtz_fired_triggers, seen at 12:00:56.100), and was paused at .122");
    }

    @Test
    void a_paused_node_s_run_that_outlasted_its_tick_beside_the_next_tick_s_run_is_no_lock_around_the_job() {
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w1", 101, "clustered=on disallow-concurrent=off")
                .inMode("12:00:00.500", "w2", 102, "clustered=on disallow-concurrent=off")
                .row("w2", 102, "12:00:05", "12:00:05.002", "12:00:06.500")
                .row("w1", 101, "12:00:06", "12:00:06.002", "12:00:06.302")
                .said("12:00:05.001", "w2", 102, FIRED, "12:00:05", CRON)
                .fault("12:00:05.200", "pause", "w2", 102)
                .fault("12:00:06.400", "resume", "w2", 102)
                .said("12:00:06.001", "w1", 101, FIRED, "12:00:06", CRON);

        Explanations x = s.explain("12:00:05", "12:00:07");

        assertThat(x.findings()).extracting(Finding::cause).containsExactly(Cause.NO_LOCK);
        assertThat(x.findings().get(0).sentence())
                .contains("w2's run of tick 12:00:05, paused at 12:00:05.200, was still going when the store fired tick"
                        + " 12:00:06 on w1: the cluster fires each trigger once but puts no lock around the job"
                        + " (disallow-concurrent off)");
    }

    @Test
    void a_recovering_run_still_going_when_its_own_node_fires_the_next_tick_is_recovered_by_cluster_not_self_overlap() {
        // w3 re-ran tick :38 at :47.054 for a node declared dead; its job of 1 s outlasted :48's fire, on w3 itself.
        s.in("quartz-cluster")
                .inMode("12:00:00.500", "w3", 103, "clustered=on checkin-interval=1s recovery=on")
                .row("w3", 103, "12:00:38", "12:00:47.054", "12:00:48.055")
                .row("w3", 103, "12:00:48", "12:00:48.020", "12:00:49.020")
                .said("12:00:47.053", "w3", 103, FIRED, "12:00:38", CRON + " recovering=true")
                .said("12:00:48.019", "w3", 103, FIRED, "12:00:48", CRON);

        // The span holds both ticks, and the ticks between, missed and not explained here: only the overlap is judged.
        Explanations x = Explainer.explain(
                s.rows, s.events, Story.t("12:00:38"), Story.t("12:00:50"), java.time.Duration.ofSeconds(2));
        java.util.List<Finding> overlaps = x.findings().stream()
                .filter(f -> f.kind() == Finding.Kind.OVERLAP)
                .toList();

        assertThat(overlaps).extracting(Finding::cause).containsExactly(Cause.RECOVERED_BY_CLUSTER);
        assertThat(overlaps.get(0).sentence())
                .contains("w3's re-run of tick 12:00:38 as Quartz's recovery, started 12:00:47.054, was still going"
                        + " when the store fired tick 12:00:48 on w3");
    }
}
