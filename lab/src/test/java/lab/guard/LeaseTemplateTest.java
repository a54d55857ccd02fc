package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import lab.protocol.EventType;
import lab.protocol.GivenBack;
import lab.protocol.Hold;
import lab.protocol.LockFact;
import lab.protocol.WorkerFact;
import org.junit.jupiter.api.Test;

/**
 * What the lease template does around any mechanism, seen through a mechanism that answers as told and writes down
 * each call: a refused or broken lock never runs the job, a token is written down before it is carried, a watchdog
 * renews only an expiring lease under a renewing policy, a hold leaves an expiring lock to expire at the hold's end
 * and keeps one held by its thread, and a worker that stops gives back what it kept.
 */
class LeaseTemplateTest {
    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");
    private static final Tick TICK = new Tick(T0, T0.plusSeconds(10), "template");

    private final AtomicReference<Instant> now = new AtomicReference<>(T0);
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };

    record Heard(String detail, WorkerFact fact) {}

    private final List<Heard> heard = new CopyOnWriteArrayList<>();
    private final LockListener listener = (tick, detail, fact) -> heard.add(new Heard(detail, fact));
    private final List<Permit> permits = new CopyOnWriteArrayList<>();
    private final Job job = (t, p) -> {
        permits.add(p);
        return new Write.Written(now.get(), now.get());
    };

    private LeaseGuard<FakeLock.Held> guard(FakeLock lock, LeasePolicy policy) {
        return new LeaseGuard<>("w1", lock, policy, listener, clock);
    }

    private List<EventType> heardTypes() {
        return heard.stream().map(h -> h.fact().type()).toList();
    }

    /** The watchdog thread of worker w1, while one runs. */
    private static Optional<Thread> watchdog() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("w1-watchdog") && t.isAlive())
                .findFirst();
    }

    @Test
    void opening_the_guard_opens_its_lock_and_its_fallback_and_says_what_the_lock_opened_with() throws Exception {
        FakeLock lock = FakeLock.held();
        FakeLock fallback = FakeLock.held();
        Guard g = new LeaseGuard<>(
                "w1", lock, LeasePolicy.plain(false), listener, clock, guard(fallback, LeasePolicy.plain(false)));

        g.open();

        assertThat(lock.calls).containsExactly("open");
        assertThat(fallback.calls).containsExactly("open");
        assertThat(g.openedWith()).isEqualTo(lock.openedWith());
    }

    @Test
    void a_refused_lock_skips_the_tick_with_the_mechanisms_sentence_and_never_runs_the_job() throws Exception {
        WorkerFact.Skipped skipped = WorkerFact.Skipped.held("fake:1", "w2-2", 900L, null);
        FakeLock lock = FakeLock.held().answering(n -> new Attempt.Refused<>("w1 - held by w2-2", skipped));

        Outcome o = guard(lock, LeasePolicy.plain(false)).run(TICK, job);

        assertThat(o).isEqualTo(new Outcome.Skipped("w1 - held by w2-2", skipped));
        assertThat(permits).isEmpty();
        assertThat(lock.calls).containsExactly("acquire");
    }

    @Test
    void a_broken_lock_fails_the_tick_closed_with_its_reason_and_never_runs_the_job() throws Exception {
        FakeLock lock = FakeLock.held().answering(n -> new Attempt.Broken<>("w1 - fake server unreachable"));

        Outcome o = guard(lock, LeasePolicy.plain(false)).run(TICK, job);

        assertThat(o.kind()).isEqualTo(Outcome.Kind.FAILED);
        assertThat(o.detail()).isEqualTo("w1 - fake server unreachable; " + Attempt.Broken.FAIL_CLOSED);
        assertThat(((GivenBack.Error) o.fact()).reason()).isEqualTo(GivenBack.ErrorReason.LOCK_DOWN);
        assertThat(permits).isEmpty();
        assertThat(heard).isEmpty();
    }

    @Test
    void a_broken_lock_with_a_fallback_runs_the_tick_under_the_fallback_and_says_so_first() throws Exception {
        FakeLock broken = FakeLock.held().answering(n -> new Attempt.Broken<>("w1 - fake server unreachable"));
        FakeLock fallback = FakeLock.held();
        Guard local = guard(fallback, LeasePolicy.plain(false));
        Guard g = new LeaseGuard<>("w1", broken, LeasePolicy.plain(false), listener, clock, local);

        Outcome o = g.run(TICK, job);

        assertThat(o.kind()).isEqualTo(Outcome.Kind.EXECUTED);
        assertThat(o.detail()).contains("ran holding fake lock 1");
        assertThat(heard.get(0).detail()).startsWith("w1 - fake server unreachable; falling back");
        assertThat(heard.get(0).fact()).isInstanceOfSatisfying(GivenBack.Error.class, e -> assertThat(e.fallback())
                .isTrue());
        assertThat(fallback.calls).containsExactly("acquire", "release 1");
    }

    @Test
    void a_token_issued_before_is_never_carried_the_tick_fails_naming_who_had_it_and_the_lock_is_given_back()
            throws Exception {
        FakeLock lock = FakeLock.held().answering(n -> new Attempt.Granted<>(new FakeLock.Held(n, 7L)));
        TokenLedger ledger = (token, tick) -> Optional.of("w3-3");
        Guard g = new LeaseGuard<>("w1", lock, LeasePolicy.plain(false), listener, clock, null, ledger);

        Outcome o = g.run(TICK, job);

        assertThat(o.kind()).isEqualTo(Outcome.Kind.FAILED);
        assertThat(o.detail()).contains("fencing token 7 not used", "issued before, to w3-3", "fail closed");
        GivenBack.Error e = (GivenBack.Error) o.fact();
        assertThat(e.reason()).isEqualTo(GivenBack.ErrorReason.TOKEN_REISSUED);
        assertThat(e.token()).isEqualTo(7L);
        assertThat(permits).isEmpty();
        assertThat(lock.calls).containsExactly("acquire", "release 1");
    }

    @Test
    void a_ledger_that_cannot_be_reached_fails_the_tick_closed_naming_the_root_cause() throws Exception {
        FakeLock lock = FakeLock.held().answering(n -> new Attempt.Granted<>(new FakeLock.Held(n, 7L)));
        TokenLedger ledger = (token, tick) -> {
            throw new IllegalStateException("wrapped", new java.io.IOException("connection refused"));
        };
        Guard g = new LeaseGuard<>("w1", lock, LeasePolicy.plain(false), listener, clock, null, ledger);

        Outcome o = g.run(TICK, job);

        assertThat(o.detail()).contains("could not write it down (connection refused)");
        assertThat(((GivenBack.Error) o.fact()).reason()).isEqualTo(GivenBack.ErrorReason.STORE_DOWN);
        assertThat(permits).isEmpty();
        assertThat(lock.calls).containsExactly("acquire", "release 1");
    }

    @Test
    void a_fresh_token_is_written_down_and_carried_in_the_permit_with_the_policys_recheck() throws Exception {
        FakeLock lock = FakeLock.held().answering(n -> new Attempt.Granted<>(new FakeLock.Held(n, 7L)));
        List<Long> written = new CopyOnWriteArrayList<>();
        TokenLedger ledger = (token, tick) -> {
            written.add(token);
            return Optional.empty();
        };
        Guard g = new LeaseGuard<>("w1", lock, LeasePolicy.plain(true), listener, clock, null, ledger);

        assertThat(g.run(TICK, job).kind()).isEqualTo(Outcome.Kind.EXECUTED);

        assertThat(written).containsExactly(7L);
        assertThat(permits).containsExactly(Permit.of(true).withToken(7));
    }

    @Test
    void without_a_token_the_permit_carries_none_and_the_ledger_is_not_asked() throws Exception {
        List<Long> written = new CopyOnWriteArrayList<>();
        TokenLedger ledger = (token, tick) -> {
            written.add(token);
            return Optional.empty();
        };
        Guard g = new LeaseGuard<>("w1", FakeLock.held(), LeasePolicy.plain(false), listener, clock, null, ledger);

        g.run(TICK, job);

        assertThat(written).isEmpty();
        assertThat(permits).containsExactly(Permit.of(false));
    }

    @Test
    void without_a_hold_the_lock_is_released_at_once_and_the_line_carries_the_round_trip_and_the_time_held()
            throws Exception {
        FakeLock lock = FakeLock.held().roundTripOf(420);
        Job slow = (t, p) -> {
            now.set(now.get().plusMillis(1500));
            return new Write.Written(T0, now.get());
        };

        guard(lock, LeasePolicy.plain(false)).run(TICK, slow);

        assertThat(lock.calls).containsExactly("acquire", "release 1");
        assertThat(heardTypes()).containsExactly(EventType.ACQUIRED, EventType.RELEASED);
        LockFact.Acquired acquired = (LockFact.Acquired) heard.get(0).fact();
        assertThat(acquired.holdUntil()).isNull();
        GivenBack.Released r = (GivenBack.Released) heard.get(1).fact();
        assertThat(r.roundTripUs()).isEqualTo(420L);
        assertThat(r.heldMs()).isEqualTo(1500L);
        assertThat(r.releaseUs()).isNotNull();
        assertThat(r.how()).isEqualTo(GivenBack.How.DELETED);
    }

    @Test
    void a_renewing_policy_renews_an_expiring_lease_while_the_job_runs_and_stops_when_it_ends() throws Exception {
        FakeLock lock = new FakeLock(true, Duration.ofMillis(30));
        Job waits = (t, p) -> {
            // The job ends only once the watchdog has renewed twice: no sleep decides it.
            assertThat(lock.renewed.tryAcquire(2, 20, TimeUnit.SECONDS)).isTrue();
            assertThat(watchdog()).isPresent();
            return new Write.Written(T0, T0);
        };

        Outcome o = guard(lock, new LeasePolicy(false, Hold.NONE, false, true)).run(TICK, waits);

        assertThat(o.kind()).isEqualTo(Outcome.Kind.EXECUTED);
        int renewals =
                (int) lock.calls.stream().filter(c -> c.startsWith("renew")).count();
        assertThat(renewals).isGreaterThanOrEqualTo(2);
        assertThat(heardTypes()).contains(EventType.RENEWED);
        // Closed before the lock is given back: no renewal after the release.
        assertThat(lock.calls.get(lock.calls.size() - 1)).isEqualTo("release 1");
        assertThat(lock.calls.stream().filter(c -> c.startsWith("renew")).count())
                .isEqualTo(renewals);
    }

    @Test
    void a_watchdog_that_finds_the_lease_lost_says_so_and_renews_no_more() throws Exception {
        FakeLock lock = new FakeLock(true, Duration.ofMillis(30)).renewalSays(EventType.LOST);
        CountDownLatch lost = new CountDownLatch(1);
        LockListener hears = (tick, detail, fact) -> {
            heard.add(new Heard(detail, fact));
            if (fact.type() == EventType.LOST) {
                lost.countDown();
            }
        };
        Job waits = (t, p) -> {
            assertThat(lost.await(20, TimeUnit.SECONDS)).isTrue();
            // The watchdog ends by itself once it heard the lease was lost, while the job still runs.
            Thread dog = watchdog().orElseThrow();
            dog.join(20_000);
            assertThat(dog.isAlive())
                    .as("a watchdog still renewing a lost lease")
                    .isFalse();
            return new Write.Written(T0, T0);
        };

        new LeaseGuard<>("w1", lock, new LeasePolicy(false, Hold.NONE, false, true), hears, clock).run(TICK, waits);

        assertThat(lock.calls).containsExactly("acquire", "renew 1", "release 1");
    }

    @Test
    void no_watchdog_renews_a_lock_that_does_not_expire_nor_under_a_policy_that_does_not_renew() throws Exception {
        FakeLock held = new FakeLock(false, Duration.ofMillis(30));
        FakeLock expiring = new FakeLock(true, Duration.ofMillis(30));
        List<Boolean> dogs = new CopyOnWriteArrayList<>();
        Job waits = (t, p) -> {
            dogs.add(watchdog().isPresent());
            return new Write.Written(T0, T0);
        };

        guard(held, new LeasePolicy(false, Hold.NONE, false, true)).run(TICK, waits);
        guard(expiring, LeasePolicy.plain(false)).run(TICK, waits);

        assertThat(dogs).containsExactly(false, false);
        assertThat(held.calls).containsExactly("acquire", "release 1");
        assertThat(expiring.calls).containsExactly("acquire", "release 1");
    }

    @Test
    void a_hold_on_an_expiring_lock_leaves_it_to_expire_at_the_holds_end_rounded_up_to_the_millisecond()
            throws Exception {
        FakeLock lock = new FakeLock(true, Duration.ofSeconds(30));
        now.set(T0.plusNanos(1_500_000)); // acquired at T0 + 1.5 ms: the hold ends on a fraction of a millisecond
        LeasePolicy hold = new LeasePolicy(false, Hold.of(Duration.ofSeconds(2)), false, false);

        guard(lock, hold).run(TICK, job);

        Instant until = T0.plusNanos(1_500_000).plusSeconds(2);
        assertThat(((LockFact.Acquired) heard.get(0).fact()).holdUntil()).isEqualTo(until);
        assertThat(lock.calls)
                .containsExactly("acquire", "expireAt 1 " + T0.plusSeconds(2).plusMillis(2));
        assertThat(((GivenBack.Released) heard.get(1).fact()).how()).isEqualTo(GivenBack.How.EXPIRES);
    }

    @Test
    void a_hold_ending_on_a_whole_millisecond_is_not_moved() throws Exception {
        FakeLock lock = new FakeLock(true, Duration.ofSeconds(30));
        LeasePolicy hold = new LeasePolicy(false, Hold.of(Duration.ofSeconds(2)), false, false);

        guard(lock, hold).run(TICK, job);

        assertThat(lock.calls).containsExactly("acquire", "expireAt 1 " + T0.plusSeconds(2));
    }

    @Test
    void a_hold_already_over_when_the_job_ends_gives_the_lock_back_at_once() throws Exception {
        FakeLock lock = new FakeLock(true, Duration.ofSeconds(30));
        Job longer = (t, p) -> {
            now.set(now.get().plusSeconds(3));
            return new Write.Written(T0, now.get());
        };

        guard(lock, new LeasePolicy(false, Hold.of(Duration.ofSeconds(2)), false, false))
                .run(TICK, longer);

        assertThat(lock.calls).containsExactly("acquire", "release 1");
    }

    @Test
    void a_worker_that_stops_gives_back_the_leases_it_left_to_expire_but_not_those_long_expired() throws Exception {
        FakeLock lock = new FakeLock(true, Duration.ofSeconds(30));
        LeaseGuard<FakeLock.Held> g = guard(lock, new LeasePolicy(false, Hold.NONE, true, false));
        g.run(TICK, job);
        // A tick and a whole period later the first key is long gone: the next run forgets it.
        now.set(TICK.end().plusSeconds(11));
        Tick next = new Tick(TICK.end().plusSeconds(10), TICK.end().plusSeconds(20), "template");
        g.run(next, job);
        heard.clear();

        g.shutdown();

        assertThat(lock.calls).endsWith("release 2");
        assertThat(lock.calls).doesNotContain("release 1");
        assertThat(heard).singleElement().satisfies(h -> {
            assertThat(h.detail()).endsWith("(the worker is stopping)");
            assertThat(((GivenBack.Released) h.fact()).how()).isEqualTo(GivenBack.How.SHUTDOWN);
        });
    }

    @Test
    void a_lease_left_to_expire_not_yet_a_period_past_its_window_is_still_given_back_on_stop() throws Exception {
        FakeLock lock = new FakeLock(true, Duration.ofSeconds(30));
        LeaseGuard<FakeLock.Held> g = guard(lock, new LeasePolicy(false, Hold.NONE, true, false));
        g.run(TICK, job);
        now.set(TICK.end().plusSeconds(9)); // its key kept to half a period past the window: still ours to give back
        g.run(new Tick(TICK.end(), TICK.end().plusSeconds(10), "template"), job);

        g.shutdown();

        assertThat(lock.calls).contains("release 1", "release 2");
    }

    @Test
    void a_hold_on_a_lock_held_by_its_thread_is_kept_until_the_worker_stops_then_given_back_at_once() throws Exception {
        FakeLock lock = FakeLock.held();
        LeaseGuard<FakeLock.Held> g =
                guard(lock, new LeasePolicy(false, Hold.of(Duration.ofMinutes(10)), false, false));
        CountDownLatch jobDone = new CountDownLatch(1);
        Job signals = (t, p) -> {
            jobDone.countDown();
            return new Write.Written(T0, T0);
        };
        AtomicReference<Outcome> out = new AtomicReference<>();
        Thread run = new Thread(() -> {
            try {
                out.set(g.run(TICK, signals));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        run.start();
        assertThat(jobDone.await(20, TimeUnit.SECONDS)).isTrue();

        g.shutdown();
        run.join(20_000);

        assertThat(run.isAlive())
                .as("still holding a ten-minute hold after the stop")
                .isFalse();
        assertThat(out.get().kind()).isEqualTo(Outcome.Kind.EXECUTED);
        assertThat(lock.calls).containsExactly("acquire", "release 1");
        GivenBack.Released r = (GivenBack.Released) heard.get(heard.size() - 1).fact();
        assertThat(r.how()).isEqualTo(GivenBack.How.SHUTDOWN);
        assertThat(r.roundTripUs()).as("no round trip timed on a stop").isNull();
    }

    @Test
    void a_stop_during_the_job_gives_the_lock_back_when_the_job_ends_whatever_the_hold() throws Exception {
        FakeLock lock = new FakeLock(true, Duration.ofSeconds(30));
        AtomicReference<LeaseGuard<FakeLock.Held>> self = new AtomicReference<>();
        Job stopsMidway = (t, p) -> {
            self.get().shutdown();
            return new Write.Written(T0, T0);
        };
        self.set(guard(lock, new LeasePolicy(false, Hold.of(Duration.ofSeconds(5)), false, false)));

        self.get().run(TICK, stopsMidway);

        assertThat(lock.calls).containsExactly("acquire", "release 1");
        assertThat(heard.get(heard.size() - 1).detail()).endsWith("(the worker is stopping)");
    }
}
