package lab.session;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import lab.protocol.LabFact;

/**
 * Every fault the lab can do, one record each: the nemesis's vocabulary, as Jepsen names the one component that does
 * every fault. The dashboard's keys, a scenario's steps and the soak speak it; one room of the launcher does it
 * ({@link Nemesis}) and answers each with a {@link FaultResult}.
 *
 * <p>A new fault is one record here, its method in {@link Cases} and the room's case. Java 17 has no {@code switch}
 * over a sealed type's records, so {@link Cases} is that switch, without a default: a record that calls a case the
 * room does not implement does not compile.
 */
public sealed interface Fault {
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
        R kill(Kill f);

        R pause(Pause f);

        R resume(Resume f);

        R stop(Stop f);

        R restart(Restart f);

        R skew(Skew f);

        R serverStop(ServerStop f);

        R serverStart(ServerStart f);

        R serverRestart(ServerRestart f);

        R partition(Partition f);

        R heal(Heal f);
    }

    /** The faults that hurt one worker process, each by its word in a scenario and in a line. */
    sealed interface OnWorker extends Fault {
        WorkerTarget target();

        /**
         * The {@code kind} the recording's {@code fault} event keeps: a new worker fault does not compile until it
         * names one, and a new kind until every view of the recording handles it.
         */
        LabFact.FaultKind kind();

        /** {@code kill}: the step's name, and its kind's word on the line. */
        default String word() {
            return kind().toString();
        }

        @Override
        default String describe() {
            return word() + " " + target();
        }
    }

    /** The words of the worker faults, in the order the scenario format lists them. */
    List<String> WORKER_WORDS = List.of("kill", "pause", "resume", "stop", "restart");

    /** The worker fault a scenario names {@code word}, aimed at {@code target}; empty for another word. */
    static Optional<OnWorker> onWorker(String word, WorkerTarget target) {
        return Optional.ofNullable(
                switch (word) {
                    case "kill" -> new Kill(target);
                    case "pause" -> new Pause(target);
                    case "resume" -> new Resume(target);
                    case "stop" -> new Stop(target);
                    case "restart" -> new Restart(target);
                    default -> null;
                });
    }

    /** {@code kill -9}: no clean-up, no release. */
    record Kill(WorkerTarget target) implements OnWorker {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.kill(this);
        }

        @Override
        public LabFact.FaultKind kind() {
            return LabFact.FaultKind.KILL;
        }

        @Override
        public Fault fromTickAt(Instant at) {
            return new Kill(target.fromTickAt(at));
        }
    }

    /** {@code SIGSTOP}: alive, holding whatever it held, doing nothing. */
    record Pause(WorkerTarget target) implements OnWorker {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.pause(this);
        }

        @Override
        public LabFact.FaultKind kind() {
            return LabFact.FaultKind.PAUSE;
        }

        @Override
        public Fault fromTickAt(Instant at) {
            return new Pause(target.fromTickAt(at));
        }
    }

    /** {@code SIGCONT} after a pause; {@code holder} means the holder the last pause of the holder took. */
    record Resume(WorkerTarget target) implements OnWorker {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.resume(this);
        }

        @Override
        public LabFact.FaultKind kind() {
            return LabFact.FaultKind.RESUME;
        }

        @Override
        public Fault fromTickAt(Instant at) {
            return new Resume(target.fromTickAt(at));
        }
    }

    /** {@code SIGTERM}: a graceful stop; the worker gives back its lock or not, as release-on-shutdown says. */
    record Stop(WorkerTarget target) implements OnWorker {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.stop(this);
        }

        @Override
        public LabFact.FaultKind kind() {
            return LabFact.FaultKind.STOP;
        }

        @Override
        public Fault fromTickAt(Instant at) {
            return new Stop(target.fromTickAt(at));
        }
    }

    /** A fresh worker JVM under the same id: a crash's supervisor, or the cure of a kill. */
    record Restart(WorkerTarget target) implements OnWorker {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.restart(this);
        }

        @Override
        public LabFact.FaultKind kind() {
            return LabFact.FaultKind.RESTART;
        }

        @Override
        public Fault fromTickAt(Instant at) {
            return new Restart(target.fromTickAt(at));
        }
    }

    /**
     * A fresh worker JVM under the same id whose wall clock is {@code by} from the machine's (zero: the machine's
     * clock again), as a node whose clock drifted looks to everything inside it; aimed at a worker, never the holder.
     */
    record Skew(WorkerTarget target, java.time.Duration by) implements OnWorker {
        @Override
        public <R> R on(Cases<R> cases) {
            return cases.skew(this);
        }

        @Override
        public LabFact.FaultKind kind() {
            return LabFact.FaultKind.SKEW;
        }

        @Override
        public String describe() {
            return "skew " + target + " by " + lab.protocol.Durations.formatSigned(by);
        }
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
