package lab.guard.exam;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import javax.sql.DataSource;
import lab.guard.Tick;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

/** What one call into the learner's lock is handed; its Redis connection, if it took one, is closed after the call. */
final class ExamCall implements ExamLock.Call, AutoCloseable {
    private final String name;
    private final String owner;
    private final String worker;
    private final Duration atMostFor;
    private final Tick tick;
    private final Clock clock;
    private final Supplier<JedisPool> redis;
    private final Supplier<DataSource> postgres;
    private final String fencingCounter;
    private Jedis taken;

    ExamCall(
            String name,
            String owner,
            String worker,
            Duration atMostFor,
            Tick tick,
            Clock clock,
            Supplier<JedisPool> redis,
            Supplier<DataSource> postgres,
            String fencingCounter) {
        this.name = name;
        this.owner = owner;
        this.worker = worker;
        this.atMostFor = atMostFor;
        this.tick = tick;
        this.clock = clock;
        this.redis = redis;
        this.postgres = postgres;
        this.fencingCounter = fencingCounter;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String owner() {
        return owner;
    }

    @Override
    public String worker() {
        return worker;
    }

    @Override
    public Duration atMostFor() {
        return atMostFor;
    }

    @Override
    public Instant tick() {
        return tick.at();
    }

    @Override
    public Instant tickEnd() {
        return tick.end();
    }

    @Override
    public Instant now() {
        return clock.instant();
    }

    @Override
    public synchronized Jedis redis() {
        if (taken == null) {
            taken = redis.get().getResource();
        }
        return taken;
    }

    @Override
    public DataSource postgres() {
        return postgres.get();
    }

    @Override
    public String fencingCounter() {
        return fencingCounter;
    }

    /** Gives the connection back; one that broke is dropped by its pool, so the next call gets a fresh one. */
    @Override
    public synchronized void close() {
        if (taken != null) {
            taken.close();
            taken = null;
        }
    }
}
