package lab.check;

import static lab.check.Finding.Kind.DUPLICATE;
import static lab.check.Finding.Kind.OVERLAP;
import static lab.check.Story.t;
import static lab.protocol.EventType.ACQUIRED;
import static lab.protocol.EventType.FIRED;
import static lab.protocol.EventType.RELEASED;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ExplainerTest {
    private static final String KEY = "scheduler_lock:tick";
    private final Story s = new Story();

    @Test
    void two_naive_workers_in_one_tick_ran_it_without_a_shared_lock() {
        s.row("w1", 101, "naive", "12:00:05", "12:00:05.002", "12:00:05.302")
                .row("w3", 103, "naive", "12:00:05", "12:00:05.004", "12:00:05.304")
                .said("12:00:05.001", "w1", 101, FIRED, "12:00:05", "naive", "trigger", "cron")
                .said("12:00:05.003", "w3", 103, FIRED, "12:00:05", "naive", "trigger", "cron");

        Explanations x = s.explain("12:00:05", "12:00:06");

        assertThat(x.findings())
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
        assertThat(x.toMap())
                .isEqualTo(Map.of("no-lock", Map.of("duplicate_ticks", 1, "overlaps", 1, "missed_ticks", 0)));
    }

    @Test
    void a_fast_job_released_before_a_slower_worker_fired_is_released_early() {
        s.row("w2", 202, "postgres", "04:00:30", "04:00:30.023", "04:00:30.033")
                .row("w4", 204, "postgres", "04:00:30", "04:00:30.039", "04:00:30.050")
                .said("04:00:30.012", "w2", 202, FIRED, "04:00:30", "postgres", "trigger", "cron")
                .said(
                        "04:00:30.023",
                        "w2",
                        202,
                        ACQUIRED,
                        "04:00:30",
                        "postgres",
                        "lock",
                        "postgres",
                        "key",
                        "42",
                        "owner",
                        "w2-202",
                        "waited_ms",
                        0)
                .said(
                        "04:00:30.034",
                        "w2",
                        202,
                        RELEASED,
                        "04:00:30",
                        "postgres",
                        "key",
                        "42",
                        "owner",
                        "w2-202",
                        "how",
                        "unlock",
                        "held_ms",
                        11)
                .said("04:00:30.038", "w4", 204, FIRED, "04:00:30", "postgres", "trigger", "cron")
                .said(
                        "04:00:30.039",
                        "w4",
                        204,
                        ACQUIRED,
                        "04:00:30",
                        "postgres",
                        "lock",
                        "postgres",
                        "key",
                        "42",
                        "owner",
                        "w4-204",
                        "waited_ms",
                        0);

        Explanations x = s.explain("04:00:30", "04:00:31");

        assertThat(x.findings())
                .containsExactly(new Finding(
                        DUPLICATE,
                        t("04:00:30"),
                        Cause.RELEASED_EARLY,
                        "tick 04:00:30 ran twice: w2 held advisory lock 42 for 11 ms (released .034); w4 fired"
                                + " .038 — 4 ms later — and took it"));
        assertThat(x.causes()).containsExactly(Cause.RELEASED_EARLY);
    }

    @Test
    void a_lease_shorter_than_the_job_lets_the_next_tick_overlap_it_and_is_lease_expired() {
        s.row("w1", 101, "redis", "12:00:02", "12:00:02.002", "12:00:03.800")
                .row("w3", 103, "redis", "12:00:03", "12:00:03.005", "12:00:03.300")
                .said(
                        "12:00:02.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:02",
                        "redis",
                        "lock",
                        "redis",
                        "key",
                        KEY,
                        "owner",
                        "w1-101-aa",
                        "ttl_ms",
                        999,
                        "expires_at",
                        "2026-07-07T12:00:03Z")
                .said("12:00:03.003", "w3", 103, FIRED, "12:00:03", "redis", "trigger", "cron")
                .said(
                        "12:00:03.004",
                        "w3",
                        103,
                        ACQUIRED,
                        "12:00:03",
                        "redis",
                        "lock",
                        "redis",
                        "key",
                        KEY,
                        "owner",
                        "w3-103-cc",
                        "ttl_ms",
                        999,
                        "expires_at",
                        "2026-07-07T12:00:04.003Z");

        Explanations x = s.explain("12:00:02", "12:00:04");

        assertThat(x.findings())
                .containsExactly(new Finding(
                        OVERLAP,
                        t("12:00:03"),
                        Cause.LEASE_EXPIRED,
                        "overlap: w1 (12:00:02.002–12:00:03.800) and w3 (.005–.300): w1's lease expired at .000"
                                + " while its job ran until .800; w3 took the lock at .004"));
    }

    @Test
    void a_lease_that_expired_before_the_later_worker_fired_is_lease_expired_not_released_early() {
        s.row("w1", 101, "redis", "12:00:07", "12:00:07.002", "12:00:07.500")
                .row("w2", 102, "redis", "12:00:07", "12:00:07.252", "12:00:07.400")
                .said("12:00:07.000", "w1", 101, FIRED, "12:00:07", "redis", "trigger", "cron")
                .said(
                        "12:00:07.001",
                        "w1",
                        101,
                        ACQUIRED,
                        "12:00:07",
                        "redis",
                        "lock",
                        "redis",
                        "key",
                        KEY,
                        "owner",
                        "w1-101-aa",
                        "expires_at",
                        "2026-07-07T12:00:07.200Z")
                .said("12:00:07.250", "w2", 102, FIRED, "12:00:07", "redis", "trigger", "cron")
                .said(
                        "12:00:07.251",
                        "w2",
                        102,
                        ACQUIRED,
                        "12:00:07",
                        "redis",
                        "lock",
                        "redis",
                        "key",
                        KEY,
                        "owner",
                        "w2-102-bb",
                        "expires_at",
                        "2026-07-07T12:00:08.251Z")
                .said(
                        "12:00:07.501",
                        "w1",
                        101,
                        RELEASED,
                        "12:00:07",
                        "redis",
                        "key",
                        KEY,
                        "owner",
                        "w1-101-aa",
                        "how",
                        "expires",
                        "expires_at",
                        "2026-07-07T12:00:07.200Z");

        Explanations x = s.explain("12:00:07", "12:00:08");

        assertThat(x.findings())
                .extracting(Finding::kind, Finding::cause)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(DUPLICATE, Cause.LEASE_EXPIRED),
                        org.assertj.core.groups.Tuple.tuple(OVERLAP, Cause.LEASE_EXPIRED));
        assertThat(x.findings().get(0).sentence())
                .isEqualTo("tick 12:00:07 ran twice: w1's lease expired at .200 while its job ran until .500; w2"
                        + " took the lock at .251");
    }
}
