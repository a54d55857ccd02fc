package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import lab.guard.redis.RedisLock;
import lab.protocol.EventType;
import lab.protocol.GivenBack;
import lab.protocol.LockFact;
import lab.servers.Resp;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;

class RedisLockMechanismTest extends LeaseContract {
    private static final Duration TTL = Duration.ofSeconds(30);

    @Override
    LockMechanism<? extends Lease> open(String worker, boolean perTick) {
        RedisLock lock =
                new RedisLock(worker, 1, TestServers.redis().url(), "mechanism", perTick, TTL, true, Clock.systemUTC());
        lock.open();
        return lock;
    }

    /** Closed mid-tick, the guard cannot delete its key (its pool is gone): the key goes by its TTL, kept short. */
    @Override
    LockMechanism<? extends Lease> openShortLease(String worker) {
        RedisLock lock = new RedisLock(
                worker,
                1,
                TestServers.redis().url(),
                "mechanism",
                false,
                Duration.ofSeconds(1),
                true,
                Clock.systemUTC());
        lock.open();
        return lock;
    }

    @Test
    void an_extension_restarts_the_lease_and_a_lost_lease_is_not_extended() throws Exception {
        RedisLock lock = opened("extend-ttl", Duration.ofSeconds(30));
        int port = TestServers.redis().port();
        Attempt<RedisLock.Owned> got = lock.acquire(new Tick(Instant.now(), Instant.now(), "extend-ttl"));
        assertThat(got).isInstanceOf(Attempt.Granted.class);
        // Decided, not slept for: the lease is cut to 2 s by hand, so the extension (30 s) restarts it 28 s above
        // anything a stall between the calls could eat.
        Resp.authed(port, TestServers.PASSWORD, "PEXPIRE", "scheduler_lock:extend-ttl", "2000");
        long before = pttl(port);

        RedisLock.Owned lease = ((Attempt.Granted<RedisLock.Owned>) got).lease();
        assertThat(lock.renew(lease, lock.term()).type()).isEqualTo(EventType.RENEWED);
        long after = pttl(port);
        assertThat(after)
                .as("ms left after the extension, %d before it", before)
                .isGreaterThan(before);

        Resp.authed(port, TestServers.PASSWORD, "DEL", "scheduler_lock:extend-ttl");
        assertThat(lock.renew(lease, lock.term()).type()).isEqualTo(EventType.LOST);
        lock.close();
    }

    @Test
    void a_lease_left_to_expire_ends_at_its_instant_however_late_the_call_reaches_the_server() throws Exception {
        RedisLock lock = opened("extend-ttl", Duration.ofSeconds(30));
        int port = TestServers.redis().port();
        RedisLock.Owned first = granted(lock);
        // An end 20 s off: no stall on a loaded machine reaches it, and the ms left are bounded by the clock read on
        // either side of the PTTL call, so the key is shown to end at that instant, not a span after the call.
        Instant soon = Instant.now().plusSeconds(20);
        LockEvent left = lock.expireAt(first, soon);
        assertThat(left.type()).as(left.detail()).isEqualTo(EventType.RELEASED);
        assertThat(left.fact())
                .isEqualTo(GivenBack.Released.of(first.key(), first.owner(), GivenBack.How.EXPIRES)
                        .expiresAt(soon));
        long most = soon.toEpochMilli() - System.currentTimeMillis();
        long msLeft = pttl(port);
        long least = soon.toEpochMilli() - System.currentTimeMillis();
        assertThat(msLeft)
                .as("ms left, for an end %d to %d ms off as the PTTL call went and came back", most, least)
                .isBetween(least - 2, most + 1);

        // An end that has passed by the time the server reads it: the key goes at once, not one span later.
        Resp.authed(port, TestServers.PASSWORD, "DEL", "scheduler_lock:extend-ttl");
        RedisLock.Owned second = granted(lock);
        assertThat(lock.expireAt(second, Instant.now().minusMillis(1)).type()).isEqualTo(EventType.RELEASED);
        assertThat(Resp.authed(port, TestServers.PASSWORD, "EXISTS", "scheduler_lock:extend-ttl"))
                .isEqualTo(":0");
        lock.close();
    }

    /**
     * Under load a worker reads its clock late, around a call that Redis ran in between: the expiry a grant and a
     * renewal tell must still never be later than the key really goes, or the explainer finds the next worker's grant
     * stamped before the lease it followed had ended (lesson 12 said "unexplained" so, once, on a loaded machine).
     * Decided, not hoped for: every reading of this clock is 200 ms old when it is answered, so an expiry counted from
     * a reading taken after the call lands at or past the key's end, and one counted from before it 200 ms short.
     */
    @Test
    void the_expiry_a_grant_and_a_renewal_tell_is_never_later_than_the_key_goes_however_late_the_clock_answers()
            throws Exception {
        Duration ttl = Duration.ofSeconds(30);
        RedisLock lock =
                new RedisLock("w1", 1, TestServers.redis().url(), "late-clock", false, ttl, true, new LateClock());
        lock.open();
        int port = TestServers.redis().port();
        Attempt<RedisLock.Owned> got = lock.acquire(new Tick(Instant.now(), Instant.now(), "late-clock"));
        assertThat(got).isInstanceOf(Attempt.Granted.class);
        RedisLock.Owned lease = ((Attempt.Granted<RedisLock.Owned>) got).lease();
        Instant goes = Instant.now().plusMillis(pttl(port, "scheduler_lock:late-clock"));
        assertThat(lease.granted().expiresAt())
                .as("the grant's told expiry, against the key's end %s", goes)
                .isBefore(goes.minusMillis(100));

        LockEvent renewed = lock.renew(lease, ttl);
        Instant goesNow = Instant.now().plusMillis(pttl(port, "scheduler_lock:late-clock"));
        assertThat(renewed.fact()).isInstanceOfSatisfying(LockFact.Renewed.class, r -> assertThat(r.expiresAt())
                .as("the renewal's told expiry, against the key's end %s", goesNow)
                .isBefore(goesNow.minusMillis(100)));
        lock.release(lease);
        lock.close();
    }

    /** A clock answered late: each reading is taken, then handed back 200 ms later. */
    private static final class LateClock extends Clock {
        @Override
        public Instant instant() {
            Instant read = Instant.now();
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return read;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    /** w1's lock on a fixed key for {@code job}, opened. */
    private static RedisLock opened(String job, Duration ttl) {
        RedisLock lock = new RedisLock("w1", 1, TestServers.redis().url(), job, false, ttl, true, Clock.systemUTC());
        lock.open();
        return lock;
    }

    private static RedisLock.Owned granted(RedisLock lock) throws InterruptedException {
        Attempt<RedisLock.Owned> got = lock.acquire(new Tick(Instant.now(), Instant.now(), "extend-ttl"));
        assertThat(got).isInstanceOf(Attempt.Granted.class);
        return ((Attempt.Granted<RedisLock.Owned>) got).lease();
    }

    private static long pttl(int port) throws Exception {
        return pttl(port, "scheduler_lock:extend-ttl");
    }

    private static long pttl(int port, String key) throws Exception {
        return Long.parseLong(
                Resp.authed(port, TestServers.PASSWORD, "PTTL", key).substring(1));
    }
}
