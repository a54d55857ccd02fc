package lab.nemesis;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import lab.protocol.Durations;
import lab.protocol.LabFact;

/**
 * The faults that hurt one worker process, each by its word in a scenario and in a line: the half of the nemesis's
 * vocabulary that aims at a {@link WorkerTarget} and leaves a {@code fault} event of its own kind. A new one is one
 * record here, its method in {@link Fault.Cases} and the room's case.
 */
public sealed interface WorkerFault extends Fault {
    WorkerTarget target();

    /**
     * The {@code kind} the recording's {@code fault} event keeps: a new worker fault does not compile until it names
     * one, and a new kind until every view of the recording handles it.
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

    /** The words of the worker faults, in the order the scenario format lists them. */
    List<String> WORDS = List.of("kill", "pause", "resume", "stop", "restart");

    /** The worker fault a scenario names {@code word}, aimed at {@code target}; empty for another word. */
    static Optional<WorkerFault> named(String word, WorkerTarget target) {
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
    record Kill(WorkerTarget target) implements WorkerFault {
        @Override
        public <R> R on(Fault.Cases<R> cases) {
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
    record Pause(WorkerTarget target) implements WorkerFault {
        @Override
        public <R> R on(Fault.Cases<R> cases) {
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
    record Resume(WorkerTarget target) implements WorkerFault {
        @Override
        public <R> R on(Fault.Cases<R> cases) {
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
    record Stop(WorkerTarget target) implements WorkerFault {
        @Override
        public <R> R on(Fault.Cases<R> cases) {
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
    record Restart(WorkerTarget target) implements WorkerFault {
        @Override
        public <R> R on(Fault.Cases<R> cases) {
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
    record Skew(WorkerTarget target, Duration by) implements WorkerFault {
        @Override
        public <R> R on(Fault.Cases<R> cases) {
            return cases.skew(this);
        }

        @Override
        public LabFact.FaultKind kind() {
            return LabFact.FaultKind.SKEW;
        }

        @Override
        public String describe() {
            return "skew " + target + " by " + Durations.formatSigned(by);
        }
    }
}
