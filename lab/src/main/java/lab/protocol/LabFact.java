package lab.protocol;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** What the launcher records of its own doing, under the worker name {@link Event#LAB}: one record per kind. */
public sealed interface LabFact extends Fact {

    /**
     * Every worker was asked to switch to {@code spec}, whose mode is described as {@link WorkerFact.InMode} describes
     * it; {@code acknowledgedAt} null if one refused.
     */
    record Switch(
            Integer format, @Fact.Whole Mode.Lock lock, List<Mode.Need> needs, ModeSpec spec, Instant acknowledgedAt)
            implements LabFact {
        public Switch {
            needs = List.copyOf(needs);
        }

        /** A switch to {@code spec}, its mode described by its declaration. */
        public static Switch of(ModeSpec spec, Instant acknowledgedAt) {
            return new Switch(
                    WorkerFact.InMode.FORMAT, spec.mode().lock(), Facts.needs(spec.mode()), spec, acknowledgedAt);
        }

        public EventType type() {
            return EventType.SWITCH;
        }
    }

    /**
     * A fault hurt a worker ({@code target}, {@code targetPid}), or cut a simulated {@code host} off from the lock
     * servers or healed it: then {@code workers} are that host's worker ids. A {@code skew} sets {@code skewMs}: the
     * offset of the wall clock {@code target} runs on from this instant on (its restart follows; 0: the machine's
     * clock again), its clock minus the machine's.
     */
    record Fault(FaultKind kind, String target, Long targetPid, String host, @Joined List<String> workers, Long skewMs)
            implements LabFact {
        public Fault {
            workers = workers == null ? null : List.copyOf(workers);
        }

        public static Fault on(FaultKind kind, String target, long pid) {
            return new Fault(kind, target, pid, null, null, null);
        }

        public static Fault ofHost(FaultKind kind, String host, List<String> workers) {
            return new Fault(kind, null, null, host, workers, null);
        }

        /** {@code target}'s wall clock is {@code skewMs} from the machine's from now on (its restart follows). */
        public static Fault skew(String target, long pid, long skewMs) {
            return new Fault(FaultKind.SKEW, target, pid, null, null, skewMs);
        }

        public EventType type() {
            return EventType.FAULT;
        }
    }

    /** The kinds of fault the recording names. */
    enum FaultKind {
        KILL,
        PAUSE,
        RESUME,
        STOP,
        RESTART,
        PARTITION,
        HEAL,
        SKEW;

        /** Its name on the line: {@code gave-up}. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * One of the lab's servers started or stopped; {@code onItsOwn}: its process died without the lab stopping it;
     * {@code restartAfterMs}: on the stop and the start of one restart fault, the delay between them; {@code
     * persistence}: on a start of Redis, what it kept ({@code none}: every key forgotten, {@code aof-always}).
     */
    record Server(String name, boolean up, Boolean onItsOwn, Long restartAfterMs, String persistence)
            implements LabFact {
        public Server(String name, boolean up, Boolean onItsOwn) {
            this(name, up, onItsOwn, null, null);
        }

        public EventType type() {
            return EventType.SERVER;
        }
    }

    /** A worker was replaced by a fresh JVM. */
    record Restart(String target, long oldPid, long newPid) implements LabFact {
        public EventType type() {
            return EventType.RESTART;
        }
    }

    /** The lock's holder, as its server shows it, changed; {@code holder} null: free. */
    record Lock(String key, String holder, Long ttlMs) implements LabFact {
        public EventType type() {
            return EventType.LOCK;
        }
    }

    /** A scenario's {@code say} step as the room saw it. */
    record Caption(int step, int line, String text) implements LabFact {
        public EventType type() {
            return EventType.CAPTION;
        }
    }

    /** One expectation judged. */
    record Verdict(int step, int line, boolean passed, String text) implements LabFact {
        public EventType type() {
            return EventType.VERDICT;
        }
    }

    /** The table was read at the end of the session: the span whose complete windows the summary counts. */
    record Counted(Instant from, Instant to, long everyMs) implements LabFact {
        public EventType type() {
            return EventType.COUNTED;
        }
    }

    /** A worker ended that the lab had not killed or stopped; {@code signal} null for a plain exit code. */
    record Exited(String target, long targetPid, Integer exitCode, String signal, List<String> stderr)
            implements LabFact {
        public Exited {
            stderr = stderr == null ? null : List.copyOf(stderr);
        }

        public EventType type() {
            return EventType.EXITED;
        }
    }

    /** A worker started on its own attached, or reported again after it was lost ({@code silentMs} 0 the first time). */
    record Attached(String target, long targetPid, String host, long silentMs) implements LabFact {
        public EventType type() {
            return EventType.ATTACHED;
        }
    }

    /** An attached worker went silent (lost) or said it was leaving. */
    record Detached(String target, long targetPid, String host, long silentMs) implements LabFact {
        public EventType type() {
            return EventType.DETACHED;
        }
    }
}
