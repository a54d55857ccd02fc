package lab.protocol;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * What a worker says on its stdout, one record per kind of event (see the recording's page in the docs); the
 * events of its lock are {@link LockFact}s.
 */
public sealed interface WorkerFact extends Fact
        permits LockFact,
                WorkerFact.Ready,
                WorkerFact.InMode,
                WorkerFact.Answer,
                WorkerFact.Fired,
                WorkerFact.Skipped,
                WorkerFact.Executed,
                WorkerFact.Refused {

    /** Why a worker did not run a tick. */
    enum SkipReason {
        /** Someone holds the lock. */
        HELD,
        /** The fire came too late (the process was paused). */
        LATE,
        /** The tick already had its row. */
        RECHECK,
        /** A waiting lock timed out. */
        GAVE_UP;

        /** Its name on the line: {@code gave-up}. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Listening, on {@code port} (every worker says it; a hand-written line may leave it out). */
    record Ready(Integer port) implements WorkerFact {
        public EventType type() {
            return EventType.READY;
        }
    }

    /**
     * Now in a mode: what the mode is ({@code lock}: its label, kind, sight and what people call it; {@code needs}: what
     * the lab readies for it) and every live knob ({@code spec}), so that a reader needs no registry to know what the
     * recording meant. {@code format} says which shape the line had ({@link #FORMAT}); a line of format 1 named its mode
     * alone, and the codec filled the rest in when it read it.
     */
    record InMode(Integer format, @Fact.Whole Mode.Lock lock, List<Mode.Need> needs, ModeSpec spec)
            implements WorkerFact {
        /** The format this lab writes. */
        public static final int FORMAT = Facts.SELF_DESCRIBED;

        public InMode {
            needs = List.copyOf(needs);
        }

        /** A worker now in {@code spec}, its mode described by its declaration. */
        public static InMode of(ModeSpec spec) {
            return new InMode(FORMAT, spec.mode().lock(), Facts.needs(spec.mode()), spec);
        }

        public EventType type() {
            return EventType.MODE;
        }
    }

    /**
     * The worker's answer to the switch the launcher numbered {@code control}: {@code error} null when the new guard
     * is in force, else why not, in the words a {@code PUT /mode} refusal uses.
     */
    record Answer(Long control, String error) implements WorkerFact {
        public EventType type() {
            return EventType.ANSWER;
        }
    }

    /**
     * The scheduler fired this worker's job; {@code phaseMs}: where in the period this worker fires; {@code recovering}:
     * true for a clustered scheduler's re-run of a fire whose node it declared dead (Quartz's {@code isRecovering()}),
     * whose {@code scheduledAt} is the original fire's; left out of the line when false.
     */
    record Fired(Instant scheduledAt, Trigger trigger, Long phaseMs, @OnlyWhenTrue boolean recovering)
            implements WorkerFact {
        public Fired(Instant scheduledAt, Trigger trigger, Long phaseMs) {
            this(scheduledAt, trigger, phaseMs, false);
        }

        public EventType type() {
            return EventType.FIRED;
        }
    }

    /**
     * Not run: for {@code held}, the {@code key}, its {@code holder} (when the server says), {@code holderMsLeft} and
     * how long it tried ({@code waitedMs}); for {@code late}, when it was {@code scheduledAt}.
     */
    record Skipped(
            SkipReason reason,
            Instant scheduledAt,
            String key,
            String holder,
            Long holderMsLeft,
            Long waitedMs,
            LockServer lockServer,
            String host)
            implements WorkerFact {
        public static Skipped because(SkipReason reason) {
            return new Skipped(reason, null, null, null, null, null, null, null);
        }

        /** Someone holds {@code key}: {@code holder} when known, {@code msLeft} and {@code waitedMs} when known. */
        public static Skipped held(String key, String holder, Long msLeft, Long waitedMs) {
            return new Skipped(SkipReason.HELD, null, key, holder, msLeft, waitedMs, null, null);
        }

        public Skipped onHost(String host) {
            return new Skipped(reason, scheduledAt, key, holder, holderMsLeft, waitedMs, LockServer.host(host), host);
        }

        public EventType type() {
            return EventType.SKIPPED;
        }
    }

    /** The job ran and wrote its row: the job's own clock readings, and what it ran under. */
    record Executed(Instant startedAt, Instant endedAt, String key, String owner, String idemKey, Long token)
            implements WorkerFact {
        public EventType type() {
            return EventType.EXECUTED;
        }
    }

    /**
     * The job ran and its row was not written: a key already written ({@code idemKey}) or a stale fencing
     * {@code token} (lower than {@code lastToken}); every component null when only the sentence says why.
     */
    record Refused(
            Instant startedAt,
            Instant endedAt,
            String key,
            String owner,
            String idemKey,
            Long token,
            Long lastToken,
            Boolean wrote)
            implements WorkerFact {
        public static final Refused UNSAID = new Refused(null, null, null, null, null, null, null, null);

        public EventType type() {
            return EventType.REFUSED;
        }
    }
}
