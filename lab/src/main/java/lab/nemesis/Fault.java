package lab.nemesis;

import java.time.Instant;
import java.util.List;

/**
 * Every fault the lab can do, one record each: the nemesis's vocabulary, as Jepsen names the one component that does
 * every fault. The dashboard's keys, a scenario's steps and the soak speak it; one room of the launcher does it
 * ({@link Nemesis}) and answers each with a {@link FaultResult}.
 *
 * <p>A new fault is one record here (one that hurts a worker process: in {@link WorkerFault}), its method in
 * {@link Cases} and the room's case. Java 17 has no {@code switch}
 * over a sealed type's records, so {@link Cases} is that switch, without a default: a record that calls a case the
 * room does not implement does not compile.
 */
public sealed interface Fault
        permits WorkerFault, Fault.ServerStop, Fault.ServerStart, Fault.ServerRestart, Fault.Partition, Fault.Heal {
    /** The case of {@code cases} that handles this record. */
    <R> R on(Cases<R> cases);

    /** As a scenario writes it: {@code kill holder}, {@code partition host2}, {@code redis stop}. */
    String describe();

    /**
     * The same fault; one aimed at the holder hurts the holder of a tick that begins at or after {@code at}, so that
     * a scenario's step never hurts a tick that began before the step (see {@link WorkerTarget#tickFrom}).
     */
    default Fault fromTickAt(Instant at) {
        return this;
    }

    /** One case per record: what a room does with each fault. */
    interface Cases<R> {
        R kill(WorkerFault.Kill f);

        R pause(WorkerFault.Pause f);

        R resume(WorkerFault.Resume f);

        R stop(WorkerFault.Stop f);

        R restart(WorkerFault.Restart f);

        R skew(WorkerFault.Skew f);

        R serverStop(ServerStop f);

        R serverStart(ServerStart f);

        R serverRestart(ServerRestart f);

        R partition(Partition f);

        R heal(Heal f);
    }

    /** Stops the lab's own Redis or PostgreSQL, as a crash looks to its clients. */
    record ServerStop(ServerName server) implements Fault {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.serverStop(this);
        }

        @Override
        public String describe() {
            return server + " stop";
        }
    }

    /** Starts the lab's own Redis or PostgreSQL again (Redis keeps nothing across it: its keys are gone). */
    record ServerStart(ServerName server) implements Fault {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.serverStart(this);
        }

        @Override
        public String describe() {
            return server + " start";
        }
    }

    /**
     * Stops the lab's own server as a crash looks and starts it again on the same port, at once or, with {@code
     * afterLease}, after the longest lease the mode in force holds (its lock-ttl): the Redis page's delayed restart.
     */
    record ServerRestart(ServerName server, boolean afterLease) implements Fault {
        /** The step's words: {@code restart}, {@code restart-after-lease}. */
        public static final List<String> WORDS = List.of("restart", "restart-after-lease");

        @Override
        public <R> R on(Cases<R> cases) {
            return cases.serverRestart(this);
        }

        @Override
        public String describe() {
            return server + " " + WORDS.get(afterLease ? 1 : 0);
        }
    }

    /**
     * Cuts a simulated host off from the lock servers (the store stays reachable): {@code host} is {@code host2}, or
     * {@link WorkerTarget#HOLDER}, the host of whoever holds the lock in a tick that began at or after
     * {@code tickFrom} (null: now).
     */
    record Partition(String host, Instant tickFrom) implements Fault {
        public Partition(String host) {
            this(host, null);
        }

        @Override
        public <R> R on(Cases<R> cases) {
            return cases.partition(this);
        }

        @Override
        public String describe() {
            return "partition " + host;
        }

        @Override
        public Fault fromTickAt(Instant at) {
            return WorkerTarget.HOLDER.equals(host) ? new Partition(host, at) : this;
        }
    }

    /**
     * Gives a host its route to the lock servers back; {@code holder}: the host the last {@code partition: holder}
     * cut.
     */
    record Heal(String host) implements Fault {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.heal(this);
        }

        @Override
        public String describe() {
            return "heal " + host;
        }
    }
}
