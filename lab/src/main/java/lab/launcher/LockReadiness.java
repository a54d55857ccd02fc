package lab.launcher;

import java.sql.SQLException;
import java.util.TreeSet;
import java.util.function.Supplier;
import lab.guard.ModeDeclaration;
import lab.guard.postgres.SecondLockDatabase;
import lab.guard.redis.FencingCounter;
import lab.protocol.Knobs;
import lab.protocol.LockServers;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.Secrets;
import lab.servers.ServerSlot;
import lab.store.CounterStore;

/**
 * What a mode's lock needs beyond its servers, readied on them: the fencing counter above every token issued, the
 * second lock server's database. The servers themselves, their slots and their start, are {@link Infrastructure}'s.
 */
final class LockReadiness {
    private final ServerSlot redis;
    private final ServerSlot postgres;
    private final Supplier<String> storeUrl;
    private final String job;

    LockReadiness(ServerSlot redis, ServerSlot postgres, Supplier<String> storeUrl, String job) {
        this.redis = redis;
        this.postgres = postgres;
        this.storeUrl = storeUrl;
        this.job = job;
    }

    /**
     * Waits for the servers {@code spec} needs, then readies what its lock needs beyond them: the fencing counter
     * restored above every token issued (fenced), the second lock server's database (lock-servers 2). Each is
     * idempotent, so a switch may ask again; throws saying why one cannot serve (a switch to it is refused).
     */
    void awaitFor(ModeSpec spec) {
        // In the needs' own order, servers first: the other needs are made ready on them.
        for (Mode.Need need : new TreeSet<>(spec.mode().needs())) {
            // A switch expression: a new need does not compile until the lab knows how to ready it.
            Runnable ready =
                    switch (need) {
                        case REDIS -> redis::awaitReady;
                        case POSTGRES -> postgres::awaitReady;
                        case FENCING_COUNTER -> this::restoreFencingCounter;
                        case SECOND_LOCK_DATABASE -> () -> {
                            if (spec.get(Knobs.LOCK_SERVERS) == 2) {
                                SecondLockDatabase.ensure(postgres.url());
                            }
                        };
                    };
            ready.run();
        }
    }

    /**
     * Raises the fencing counter, on both lock servers, to the highest token issued in the session (every token is
     * written down in the store before it is used): after a Redis (re)start, before a worker may take the lock, so
     * that no token is issued twice. The highest <em>accepted</em> token is not enough: a holder still inside its job
     * carries a token the store has not seen yet.
     */
    void restoreFencingCounter() {
        long floor;
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            floor = store.highestIssuedToken();
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "the store could not say the highest fencing token issued: " + Secrets.mask(e.getMessage()), e);
        }
        for (int server = 1; server <= 2; server++) {
            // Every fenced lock's counter, the lab's and a library's (Redisson's): their tokens meet in one store.
            for (String counter : ModeDeclaration.fencingCounters(job)) {
                FencingCounter.restoreKey(LockServers.redis(redis.url(), server), counter, floor);
            }
        }
    }
}
