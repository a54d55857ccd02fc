package lab.guard.redisson;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import lab.guard.Attempt;
import lab.guard.Clients;
import lab.guard.Failures;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.Reopening;
import lab.guard.Tick;
import lab.protocol.LockFact;
import lab.protocol.LockOwner;
import lab.protocol.Secrets;
import org.redisson.RedissonFencedLock;
import org.redisson.api.RLock;

/**
 * Mode {@code redisson}: Redisson's {@code RLock.tryLock(lock-wait, lock-ttl)}, the call its documentation shows (a
 * lease above 0, for which Redisson 4.7.0's {@code tryAcquireAsync} schedules no renewal), or with {@code renew on}
 * its watchdog (lease -1; {@code lockWatchdogTimeout} is lock-ttl), or with {@code fence on} its {@code RFencedLock}'s
 * {@code tryLockAndGetToken}, whose token the job's write carries. Each grant is its own Redisson "thread id", so a
 * worker's next tick never re-enters a lock its last one still holds, and any thread can give it back.
 *
 * <p>Holder dies: the hash stays until its lease (or the last renewal's) ends; its waiters take it then. Holder
 * pauses: Redisson's watchdog runs in the paused JVM and stops with it, the lease runs out, a waiter takes the lock,
 * and the holder writes late unless the store checks the fenced lock's token. Redis down: Redisson throws, the tick
 * fails closed.
 */
final class RedissonLock implements LockMechanism<RedissonGrant> {
    private final String worker;
    private final String url;
    private final String job;
    private final String name;
    private final Duration ttl;
    private final Duration wait;
    private final boolean watchdog;
    private final boolean fenced;
    private final Clock clock;
    private final Clients clients;
    private final boolean ownsClients;
    private final String process;
    private volatile RedissonConnection conn;
    private String openedWith = "";
    private final HashSays said;
    private final RedissonRelease release;

    /**
     * @param process  {@code <worker>-<pid>}, the head of every grant's owner
     * @param clients  the worker's clients (kept across switches), or null for clients of its own, closed with it
     */
    RedissonLock(
            String worker,
            String process,
            String url,
            String job,
            Duration ttl,
            Duration wait,
            boolean watchdog,
            boolean fenced,
            Clock clock,
            Clients clients) {
        this.worker = worker;
        this.process = process;
        this.url = url;
        this.job = job;
        this.name = RedissonNames.lock(job);
        this.ttl = ttl;
        this.wait = wait;
        this.watchdog = watchdog;
        this.fenced = fenced;
        this.clock = clock;
        this.ownsClients = clients == null;
        this.clients = clients == null ? new Clients() : clients;
        this.said = new HashSays(worker, name, job, fenced);
        this.release = new RedissonRelease(worker, name, ttl, clock, said);
    }

    @Override
    public void open() throws InterruptedException {
        if (url == null) {
            throw new IllegalStateException("no Redis server is known to this worker");
        }
        RedissonConnection c = RedissonConnection.of(
                clients,
                url,
                watchdog ? ttl : null,
                process,
                job,
                was -> openedWith = "; Redisson's client rebuilt"
                        + " with lockWatchdogTimeout " + ttl.toMillis() + " ms (was " + was + " ms): the one client"
                        + " a switch does not keep, since Redisson reads it only when the client is built");
        c.use();
        // A first grant on a lock of the lab's own, given back at once: Redisson's lock classes and scripts are paid
        // for here, not by the first tick in this mode (a switch is acknowledged after open).
        String warmUp = name + ":lab-warm-up";
        RLock warm = fenced ? c.client().getFencedLock(warmUp) : c.client().getLock(warmUp);
        if (warm.tryLock(0, 1_000, TimeUnit.MILLISECONDS)) {
            warm.unlock();
        }
        conn = c;
    }

    @Override
    public String openedWith() {
        return openedWith;
    }

    @Override
    public Attempt<RedissonGrant> acquire(Tick tick) throws InterruptedException {
        RedissonConnection c = conn;
        if (c == null) {
            // Redis was down when the worker switched: it may be back.
            Optional<Exception> down = Reopening.failure(this::open);
            if (down.isPresent()) {
                return new Attempt.Broken<>(worker + " - " + down.get().getMessage());
            }
            c = conn;
        }
        long id = c.nextGrant();
        String entry = c.id() + ":" + id;
        String owner = LockOwner.parse(process).grant(entry).toString();
        long lease = watchdog ? -1 : ttl.toMillis();
        String call = (fenced ? "tryLockAndGetToken(" : "tryLock(") + wait.toMillis() + ", " + lease + ", ms)";
        Instant asked = clock.instant();
        Long token;
        try {
            token = take(c, id, lease);
        } catch (InterruptedException e) {
            // The grant may land after we stop waiting: give it back, or the watchdog would keep it for good.
            c.client().getLock(name).unlockAsync(id);
            throw e;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return new Attempt.Broken<>(worker + " - redis at " + Secrets.mask(url) + " unreachable for Redisson's "
                    + call + ": " + Failures.rootCause(e));
        }
        if (token == null) {
            return said.refused(
                    c, call, Duration.between(asked, clock.instant()).toMillis(), !wait.isZero());
        }
        c.noteOwner();
        LockFact.Acquired granted = LockFact.Acquired.of(RedissonMode.LOCK, name, owner)
                .expiring(ttl.toMillis(), expiry(c, asked), fenced ? token : null);
        String kept = watchdog
                ? "; Redisson's watchdog renews it to " + ttl.toMillis() + " ms every " + ttl.toMillis() / 3
                        + " ms while this JVM runs"
                : "; lease " + ttl.toMillis() + " ms";
        String ran = "ran holding Redisson's lock '" + name + "' as " + owner
                + (fenced ? " with fencing token " + token : "");
        return new Attempt.Granted<>(new RedissonGrant(
                id,
                entry,
                owner,
                fenced ? token : 0,
                worker + " - Redisson's " + call + " on '" + name + "' → " + (fenced ? "token " + token : "true")
                        + ": hash entry " + entry + " → 1" + kept,
                ran,
                granted));
    }

    /**
     * When the grant's lease ends, never later than Redis has it: the explainer judges a waiter that took the lock at
     * its expiry against this instant. Without a wait the grant was made after {@code asked}; after a wait, when is not
     * said, so its PTTL is read (one round trip, inside the hold) and counted from before the read was sent.
     */
    private Instant expiry(RedissonConnection c, Instant asked) {
        if (wait.isZero()) {
            return asked.plus(ttl);
        }
        Instant sent = clock.instant();
        try {
            long left = await(c.client().getLock(name).remainTimeToLiveAsync());
            return sent.plusMillis(Math.max(0, left));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return sent;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return sent; // the lease began before now: the earliest sure bound is now itself
        }
    }

    /** Redisson's call with this grant's id as its thread id: the token (0 unfenced), or null when not granted. */
    private Long take(RedissonConnection c, long id, long lease)
            throws InterruptedException, ExecutionException, TimeoutException {
        long w = wait.toMillis();
        if (fenced) {
            RedissonFencedLock lock = (RedissonFencedLock) c.client().getFencedLock(name);
            return await(lock.tryLockAndGetTokenAsync(w, lease, TimeUnit.MILLISECONDS, id));
        }
        boolean took = await(c.client().getLock(name).tryLockAsync(w, lease, TimeUnit.MILLISECONDS, id));
        return took ? 0L : null;
    }

    static <T> T await(CompletionStage<T> f) throws InterruptedException, ExecutionException, TimeoutException {
        return f.toCompletableFuture().get(60, TimeUnit.SECONDS);
    }

    @Override
    public LockEvent release(RedissonGrant g) {
        return release.release(conn, g);
    }

    @Override
    public OptionalLong roundTripUs() {
        return conn.pingUs();
    }

    @Override
    public boolean expires() {
        return true;
    }

    @Override
    public LockEvent expireAt(RedissonGrant g, Instant at) {
        return release.expireAt(conn, g, at);
    }

    @Override
    public Duration term() {
        return ttl;
    }

    @Override
    public void close() {
        RedissonConnection c = conn;
        conn = null;
        if (c != null) {
            c.done();
        }
        if (ownsClients) {
            clients.close();
        }
    }
}
