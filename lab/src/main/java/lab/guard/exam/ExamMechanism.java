package lab.guard.exam;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import javax.sql.DataSource;
import lab.guard.Attempt;
import lab.guard.GuardContext;
import lab.guard.LockEvent;
import lab.guard.LockMechanism;
import lab.guard.LockNames;
import lab.guard.Tick;
import lab.guard.Waiting;
import lab.guard.postgres.PostgresLocks;
import lab.guard.redis.FencingCounter;
import lab.protocol.GivenBack;
import lab.protocol.Knobs;
import lab.protocol.LockFact;
import lab.protocol.LockOwner;
import lab.protocol.Mode;
import lab.protocol.WorkerFact;
import redis.clients.jedis.JedisPool;

/**
 * The learner's lock in the lab's template: each call made on a thread of its own and cut after {@link Bounded#BOUND},
 * and everything it answered said as the lab's own locks say it, so that the dashboard, the recording and the explainer
 * see a grant with its expiry and token, a refusal, a release, or an error with the learner's own file and line.
 *
 * <p>Holder dies: whatever the learner's lock does (a key with no expiry is held for ever). Holder pauses: the same.
 * Server down: the learner's call throws, and the tick fails closed; a worker that waits for the lock keeps asking
 * through it until its wait is over, as the lab's Redis lock does.
 */
final class ExamMechanism implements LockMechanism<ExamLease> {
    private final String worker;
    private final String owner;
    private final String key;
    private final Duration ttl;
    private final Duration wait;
    private final Clock clock;
    private final ExamLock learners;
    private final Mode.Lock lock;
    private final String sourceFile;
    private final String className;
    private final GuardContext ctx;

    ExamMechanism(GuardContext ctx, ExamLock learners, Mode.Lock lock, String sourceFile) {
        this.ctx = ctx;
        this.worker = ctx.worker();
        this.owner = LockOwner.of(ctx.worker(), ctx.pid())
                .grant(String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000)))
                .toString();
        this.key = LockNames.key(ctx.config().job());
        this.ttl = ctx.spec().get(Knobs.LOCK_TTL);
        this.wait = ctx.spec().get(Knobs.LOCK_WAIT);
        this.clock = ctx.clock();
        this.learners = learners;
        this.lock = lock;
        this.sourceFile = sourceFile;
        this.className = lock.label();
    }

    @Override
    public Attempt<ExamLease> acquire(Tick tick) throws InterruptedException {
        long start = System.nanoTime();
        while (true) {
            Bounded.Answer<Optional<ExamLock.Handle>> a = called(tick, learners::lock);
            long waited = (System.nanoTime() - start) / 1_000_000;
            boolean waitLeft = waited + Waiting.POLL.toMillis() < wait.toMillis();
            if (a instanceof Bounded.Returned<Optional<ExamLock.Handle>> r) {
                if (r.value() != null && r.value().isPresent()) {
                    return new Attempt.Granted<>(lease(r.value().get(), waited));
                }
                if (r.value() == null) {
                    return new Attempt.Broken<>(
                            worker + " - your lock returned null from " + className + ".lock (expected a handle or"
                                    + " Optional.empty())",
                            Attempt.Broken.FAIL_CLOSED,
                            GivenBack.ErrorReason.LOCK_THREW);
                }
                if (waitLeft) {
                    Thread.sleep(Waiting.POLL.toMillis());
                    continue;
                }
                return new Attempt.Refused<>(
                        worker + " - " + className + " lock '" + key + "' not acquired: lock returned empty"
                                + Waiting.after(wait, waited),
                        WorkerFact.Skipped.held(key, null, null, wait.isZero() ? null : waited));
            }
            if (a instanceof Bounded.Threw<Optional<ExamLock.Handle>> t) {
                if (t.serverDown() && waitLeft) {
                    Thread.sleep(Waiting.POLL.toMillis());
                    continue;
                }
                return t.serverDown()
                        ? new Attempt.Broken<>(worker + " - your lock could not reach its server: " + t.where())
                        : new Attempt.Broken<>(
                                worker + " - your lock threw: " + t.where(),
                                Attempt.Broken.FAIL_CLOSED,
                                GivenBack.ErrorReason.LOCK_THREW);
            }
            return new Attempt.Broken<>(
                    worker + " - your lock did not answer within " + Bounded.BOUND.toSeconds() + " s (" + className
                            + ".lock)",
                    Attempt.Broken.FAIL_CLOSED,
                    GivenBack.ErrorReason.LOCK_HUNG);
        }
    }

    private ExamLease lease(ExamLock.Handle handle, long waited) {
        Optional<Instant> expires = told(handle::expiresAt);
        OptionalLong token = handle.token() == null ? OptionalLong.empty() : handle.token();
        Long ttlMs = expires.map(at -> Duration.between(clock.instant(), at).toMillis())
                .orElse(null);
        LockFact.Acquired granted = new LockFact.Acquired(
                lock,
                key,
                owner,
                ttlMs,
                expires.orElse(null),
                null,
                token.isPresent() ? token.getAsLong() : null,
                wait.isZero() ? null : waited,
                null,
                null,
                null,
                null,
                false);
        String said = worker + " - " + className + ".lock('" + key + "') → granted"
                + (ttlMs == null ? ", no expiry" : ", expires in " + ttlMs + " ms")
                + (token.isPresent() ? ", token " + token.getAsLong() : "");
        return new ExamLease(handle, said, granted, token);
    }

    @Override
    public LockEvent release(ExamLease lease) {
        Bounded.Answer<Void> a;
        try {
            a = called(null, call -> {
                lease.handle().unlock(call);
                return null;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            a = new Bounded.Hung<>();
        }
        if (a instanceof Bounded.Returned<Void>) {
            // Given back as far as the lab can tell: a handle's expiry is the grant's, and after a delete it would
            // still name an instant to come, so it is not asked again here.
            return new LockEvent(
                    worker + " - " + className + " unlock → released",
                    GivenBack.Released.of(key, owner, GivenBack.How.UNLOCK));
        }
        if (a instanceof Bounded.Threw<Void> t) {
            // A server that is down is the lesson's fault, not the learner's: lock-down, as a failed lock call is.
            return t.serverDown()
                    ? new LockEvent(
                            worker + " - your lock's unlock could not reach its server: " + t.where(),
                            error(GivenBack.ErrorReason.LOCK_DOWN))
                    : new LockEvent(
                            worker + " - your lock's unlock threw: " + t.where(),
                            error(GivenBack.ErrorReason.LOCK_THREW));
        }
        return new LockEvent(
                worker + " - your lock's unlock did not answer within " + Bounded.BOUND.toSeconds() + " s",
                error(GivenBack.ErrorReason.LOCK_HUNG));
    }

    private GivenBack.Error error(GivenBack.ErrorReason reason) {
        return new GivenBack.Error(reason, false, null, key, owner, null, null, null, null, null);
    }

    /** What the handle says of itself; a handle that throws or answers null said nothing. */
    private static Optional<Instant> told(Supplier<Optional<Instant>> said) {
        try {
            Optional<Instant> at = said.get();
            return at == null ? Optional.empty() : at;
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** One call into the learner's code, handed what it needs for {@code tick} (null: the tick of no call). */
    private <T> Bounded.Answer<T> called(Tick tick, Body<T> body) throws InterruptedException {
        Instant now = clock.instant();
        Tick t = tick != null ? tick : new Tick(now, now, ctx.config().job());
        return Bounded.call(
                () -> {
                    try (ExamCall call = new ExamCall(
                            key,
                            owner,
                            worker,
                            ttl,
                            t,
                            clock,
                            this::redis,
                            this::postgres,
                            FencingCounter.key(ctx.config().job()))) {
                        return body.on(call);
                    }
                },
                sourceFile);
    }

    private JedisPool redis() {
        String url = ctx.config().redisUrl();
        if (url == null) {
            throw new IllegalStateException("no Redis server is known to this worker");
        }
        return ctx.clients().get("exam redis " + url, JedisPool.class, () -> ExamPools.redis(url));
    }

    private DataSource postgres() {
        return PostgresLocks.dataSource(ctx.clients(), ctx.config().pgUrl(), ctx.worker());
    }

    /** A call's body: the learner's method. */
    @FunctionalInterface
    private interface Body<T> {
        T on(ExamLock.Call call) throws Exception;
    }
}
