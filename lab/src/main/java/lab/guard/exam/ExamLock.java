package lab.guard.exam;

import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;
import redis.clients.jedis.Jedis;

/**
 * A lock of your own, for {@code ./run.sh exam YourLock.java}: the only type of the lab you need to read to write one.
 *
 * <p>Every worker calls {@link #lock} once per tick, with the same {@link Call#name}. Return a {@link Handle} when this
 * worker now holds the lock, or {@link Optional#empty()} when another worker does: the worker then skips the tick. The
 * lab calls {@link Handle#unlock} when the job ends, and writes the tick's row in between. Throw when the lock's server
 * fails you: the worker skips the tick (fail closed) and calls you again next tick.
 *
 * <p>Your class needs a public constructor without arguments. One instance serves one worker process: each worker is a
 * JVM of its own, so a field of your class is shared by nothing across workers (lesson 2).
 *
 * <p>What the lab does around your calls: it waits for the lock when the trial says so (it calls {@link #lock} again every
 * 50 ms until its wait is over), it cuts a call that does not return within 5 s (the tick is skipped, and the trial
 * fails), and it records every call, grant and release, with the expiry and token your handle tells it, so that the
 * explainer can name the cause of each duplicate.
 */
public interface ExamLock {
    /**
     * Tries once to take the lock named {@link Call#name} for this worker.
     *
     * @return a handle while this worker holds the lock; empty when someone else holds it
     * @throws Exception when the lock's server cannot be asked: the tick is skipped
     */
    Optional<Handle> lock(Call call) throws Exception;

    /** A lock this worker was granted. */
    interface Handle {
        /** Gives the lock back (or leaves it to expire): called once, when the job has ended. */
        void unlock(Call call) throws Exception;

        /**
         * The fencing token this grant came with, if your lock issues one: the job's write carries it, and the store
         * refuses a token lower than the last one it accepted (mode {@code fenced}, lesson 12). Draw it from
         * {@code INCR} on {@link Call#fencingCounter}: the lab keeps that counter above every token it has seen.
         */
        default OptionalLong token() {
            return OptionalLong.empty();
        }

        /**
         * When the lock runs out by itself, if it does, as granted: asked once, at the grant, and recorded with it for
         * the dashboard and the explainer.
         */
        default Optional<Instant> expiresAt() {
            return Optional.empty();
        }
    }

    /** What the lab hands each call. */
    interface Call {
        /** The lock's name, the same for every worker: {@code scheduler_lock:tick}. */
        String name();

        /** This worker process, unique across restarts: {@code w1-4242-9f3c}. Store it as the lock's value. */
        String owner();

        /** The worker's id: {@code w1}. */
        String worker();

        /** The longest the trial lets a lock live (its {@code lock-ttl}): a lease shorter than that is your choice. */
        Duration atMostFor();

        /** The tick this call is for: when it was due. */
        Instant tick();

        /** When the next tick is due: a lock kept "to the tick's end" expires here. */
        Instant tickEnd();

        /** Now, on this worker's clock (which a trial may skew). */
        Instant now();

        /** A connection to the lab's Redis, for this call only: the lab closes it when your call returns. */
        Jedis redis();

        /**
         * The lab's PostgreSQL, as a pool: take a {@link Connection} and close it yourself. A session lock (an advisory
         * lock) is held by its connection: keep that connection in your handle until {@link Handle#unlock}.
         */
        DataSource postgres();

        /** The Redis key whose {@code INCR} gives a fencing token the store will check. */
        String fencingCounter();
    }
}
