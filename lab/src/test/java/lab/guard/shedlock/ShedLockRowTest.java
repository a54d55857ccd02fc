package lab.guard.shedlock;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import lab.guard.Clients;
import lab.guard.Guard;
import lab.guard.Job;
import lab.guard.LockListener;
import lab.guard.LockState;
import lab.guard.Outcome;
import lab.guard.Tick;
import lab.guard.Write;
import lab.guard.postgres.PostgresLocks;
import lab.protocol.GivenBack;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.WorkerFact;
import lab.servers.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * ShedLock answers "not locked" and unlocks without a word; the lab reads the {@code shedlock} row to say who holds it
 * until when, and what the unlock did. Against the real PostgreSQL; each test holds the lock inside a job that waits
 * for the moment it needs, so no timing decides what is seen.
 */
class ShedLockRowTest {
    private static final ModeSpec SPEC =
            ModeSpec.defaults(Mode.byName("shedlock").orElseThrow());
    private final Clients clients = new Clients();
    private final List<WorkerFact> said = new CopyOnWriteArrayList<>();
    private final LockListener listener = (tick, detail, fact) -> said.add(fact);

    @AfterEach
    void close() {
        clients.close();
    }

    private Guard guard(String worker, ModeSpec spec, String name) throws Exception {
        String url = TestServers.postgres().url();
        Guard g = ShedLockMode.guard(
                worker,
                worker + "-1",
                name,
                spec,
                null,
                Clock.systemUTC(),
                worker.equals("w1") ? listener : LockListener.NONE,
                () -> PostgresLocks.dataSource(clients, url, worker));
        g.open();
        return g;
    }

    private static Tick tick(String name) {
        Instant now = Instant.now();
        return new Tick(now, now.plusSeconds(10), name);
    }

    private static Write written() {
        return new Write.Written(Instant.now(), Instant.now());
    }

    @Test
    void a_worker_that_finds_the_lock_taken_says_who_holds_the_row_and_the_panel_shows_it() throws Exception {
        Guard holder = guard("w1", SPEC, "row-held");
        Guard other = guard("w2", SPEC, "row-held");
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Job waits = (t, p) -> {
            inside.countDown();
            done.await(10, TimeUnit.SECONDS);
            return written();
        };
        CompletableFuture<Outcome> run =
                CompletableFuture.supplyAsync(() -> runQuietly(holder, tick("row-held"), waits));
        assertThat(inside.await(10, TimeUnit.SECONDS)).as("w1's job started").isTrue();

        Outcome skipped = other.run(tick("row-held"), (t, p) -> written());
        LockState seen;
        try (ShedLockObserver observer =
                new ShedLockObserver(TestServers.postgres().url(), "row-held")) {
            seen = observer.observe();
        }
        done.countDown();

        assertThat(skipped).isInstanceOf(Outcome.Skipped.class);
        assertThat(skipped.detail()).contains("w2 - ShedLock's lock 'row-held' not acquired: held by w1-1-");
        WorkerFact.Skipped fact = ((Outcome.Skipped) skipped).fact();
        assertThat(fact.holder()).startsWith("w1-1-"); // locked_by: the worker, its pid, and the grant's own letters
        assertThat(fact.holderMsLeft()).isGreaterThan(50_000L); // lockAtMostFor 60 s, taken moments ago
        assertThat(seen.holder()).startsWith("w1-1-").contains(" (locked_at ").contains("lock_until ");
        assertThat(seen.ttlMillis()).isGreaterThan(50_000L);
        assertThat(run.get(10, TimeUnit.SECONDS)).isInstanceOf(Outcome.Executed.class);
        assertThat(said).last().isInstanceOfSatisfying(GivenBack.Released.class, r -> assertThat(r.how())
                .isEqualTo(GivenBack.How.UNLOCK));
        holder.close();
        other.close();
    }

    @Test
    void a_granted_tick_says_what_shedlocks_lock_and_unlock_calls_took_for_the_benchmark() throws Exception {
        Guard holder = guard("w1", SPEC, "row-timed");
        // A job of 1 s, which neither call's time may include: the lock's cost is its calls, not the hold.
        Job slow = (t, p) -> {
            Thread.sleep(1000);
            return written();
        };

        assertThat(holder.run(tick("row-timed"), slow)).isInstanceOf(Outcome.Executed.class);

        assertThat(said)
                .filteredOn(f -> f instanceof lab.protocol.LockFact.Acquired)
                .singleElement()
                .satisfies(f -> assertThat(((lab.protocol.LockFact.Acquired) f).acquireUs())
                        .isBetween(1L, 999_999L));
        assertThat(said).last().isInstanceOfSatisfying(GivenBack.Released.class, r -> {
            assertThat(r.releaseUs()).isBetween(1L, 999_999L);
            // SELECT 1 through Spring's JdbcTemplate on ShedLock's pool, after the unlock: the benchmark's floor.
            assertThat(r.roundTripUs()).as("round_trip_us").isBetween(1L, 999_999L);
        });
        holder.close();
    }

    @Test
    void a_hold_leaves_the_row_locked_until_lock_at_least_for_ends_and_says_so() throws Exception {
        Guard holder =
                guard("w1", SPEC.with(Knobs.HOLD_AT_LEAST, lab.protocol.Hold.of(Duration.ofSeconds(5))), "row-hold");

        assertThat(holder.run(tick("row-hold"), (t, p) -> written())).isInstanceOf(Outcome.Executed.class);

        assertThat(said).last().isInstanceOfSatisfying(GivenBack.Released.class, r -> {
            assertThat(r.how()).isEqualTo(GivenBack.How.EXPIRES);
            // A bound: 5 s of hold, read back within moments of the unlock.
            assertThat(r.expiresAt()).isAfter(Instant.now().plusSeconds(3));
        });
        holder.close();
    }

    @Test
    void a_holder_whose_lock_at_most_for_ran_out_and_was_taken_says_lost_when_its_job_ends() throws Exception {
        Guard holder = guard("w1", SPEC.with(Knobs.LOCK_TTL, Duration.ofMillis(300)), "row-lost");
        Guard other = guard("w2", SPEC, "row-lost");
        CountDownLatch taken = new CountDownLatch(1);
        Job waits = (t, p) -> {
            // Decided: w1 stays in its job until w2 has run under the lock w1's short lease let go of.
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (taken.getCount() > 0 && System.nanoTime() < until) {
                // On a thread of its own, as in another worker: ShedLock runs a nested call for a lock its own
                // thread holds without locking at all.
                Outcome o = CompletableFuture.supplyAsync(
                                () -> runQuietly(other, tick("row-lost"), (t2, p2) -> written()))
                        .get(10, TimeUnit.SECONDS);
                if (o instanceof Outcome.Executed) {
                    taken.countDown();
                } else {
                    Thread.sleep(50);
                }
            }
            return written();
        };

        assertThat(holder.run(tick("row-lost"), waits)).isInstanceOf(Outcome.Executed.class);

        assertThat(taken.getCount()).as("w2 took the lock while w1 worked").isZero();
        assertThat(said).last().isInstanceOfSatisfying(GivenBack.Lost.class, l -> assertThat(l.holder())
                .startsWith("w2-1-"));
        holder.close();
        other.close();
    }

    @Test
    void with_db_time_on_the_grant_says_the_lock_until_the_database_wrote() throws Exception {
        Guard holder = guard("w1", SPEC.with(ShedLockMode.DB_TIME, true), "row-db-time");
        Instant before = Instant.now();

        assertThat(holder.run(tick("row-db-time"), (t, p) -> written())).isInstanceOf(Outcome.Executed.class);

        lab.protocol.LockFact.Acquired granted = said.stream()
                .filter(f -> f instanceof lab.protocol.LockFact.Acquired)
                .map(lab.protocol.LockFact.Acquired.class::cast)
                .findFirst()
                .orElseThrow();
        // usingDbTime(): lock_until is PostgreSQL's now plus lockAtMostFor (60 s), read back from the row; one machine,
        // one clock, so it falls within the run, give or take the database's own rounding.
        assertThat(granted.expiresAt())
                .isBetween(before.plusSeconds(59), Instant.now().plusSeconds(61));
        assertThat(said).last().isInstanceOfSatisfying(GivenBack.Released.class, r -> assertThat(r.how())
                .isEqualTo(GivenBack.How.UNLOCK));
        holder.close();
    }

    /**
     * KeepAliveLockProvider extends the row every half of lockAtMostFor (30 s, its floor): 15 s before the first, so
     * the test is slow by nature. The job waits for the renewal it needs, then ends.
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void renew_on_extends_the_row_every_half_of_lock_at_most_for_and_says_renewed() throws Exception {
        ModeSpec spec = SPEC.with(Knobs.LOCK_TTL, Duration.ofSeconds(30)).with(Knobs.RENEW, true);
        try (KeepAliveThreads threads = new KeepAliveThreads("w1")) {
            String url = TestServers.postgres().url();
            Guard holder = ShedLockMode.guard(
                    "w1",
                    "w1-1",
                    "row-renew",
                    spec,
                    threads,
                    Clock.systemUTC(),
                    listener,
                    () -> PostgresLocks.dataSource(clients, url, "w1"));
            holder.open();
            Job waits = (t, p) -> {
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(25);
                while (said.stream().noneMatch(f -> f instanceof lab.protocol.LockFact.Renewed)
                        && System.nanoTime() < until) {
                    Thread.sleep(100);
                }
                return written();
            };

            assertThat(holder.run(tick("row-renew"), waits)).isInstanceOf(Outcome.Executed.class);

            lab.protocol.LockFact.Acquired granted = said.stream()
                    .filter(f -> f instanceof lab.protocol.LockFact.Acquired)
                    .map(lab.protocol.LockFact.Acquired.class::cast)
                    .findFirst()
                    .orElseThrow();
            assertThat(said)
                    .filteredOn(f -> f instanceof lab.protocol.LockFact.Renewed)
                    .singleElement()
                    .isInstanceOfSatisfying(lab.protocol.LockFact.Renewed.class, r -> {
                        assertThat(r.owner()).isEqualTo(granted.owner());
                        assertThat(r.expiresAt()).isAfter(granted.expiresAt());
                    });
            assertThat(said).last().isInstanceOf(GivenBack.Released.class);
            holder.close();
        }
    }

    private static Outcome runQuietly(Guard g, Tick t, Job job) {
        try {
            return g.run(t, job);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
