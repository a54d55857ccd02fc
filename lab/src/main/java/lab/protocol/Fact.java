package lab.protocol;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The structured facts of one event of the recording, a record of its kind: what a worker says
 * ({@link WorkerFact}) or what the launcher did ({@link LabFact}). The explainer reads these, never the sentence; a
 * fact's component {@code expiresAt} is the field {@code expires_at} of the line ({@link EventCodec} writes and reads
 * them all, see the recording's page in the docs). A null component is a field the line leaves out.
 */
public sealed interface Fact permits WorkerFact, LabFact {
    EventType type();

    /**
     * The record that carries the facts of {@code type}. A switch over the closed set: a new kind of event does not
     * compile until it has its record.
     */
    static Class<? extends Fact> of(EventType type) {
        return switch (type) {
            case READY -> WorkerFact.Ready.class;
            case MODE -> WorkerFact.InMode.class;
            case ANSWER -> WorkerFact.Answer.class;
            case FIRED -> WorkerFact.Fired.class;
            case ACQUIRED -> LockFact.Acquired.class;
            case SKIPPED -> WorkerFact.Skipped.class;
            case EXECUTED -> WorkerFact.Executed.class;
            case RELEASED -> GivenBack.Released.class;
            case RENEWED -> LockFact.Renewed.class;
            case LOST -> GivenBack.Lost.class;
            case REFUSED -> WorkerFact.Refused.class;
            case ERROR -> GivenBack.Error.class;
            case SWITCH -> LabFact.Switch.class;
            case FAULT -> LabFact.Fault.class;
            case SERVER -> LabFact.Server.class;
            case RESTART -> LabFact.Restart.class;
            case LOCK -> LabFact.Lock.class;
            case CAPTION -> LabFact.Caption.class;
            case VERDICT -> LabFact.Verdict.class;
            case COUNTED -> LabFact.Counted.class;
            case EXITED -> LabFact.Exited.class;
            case ATTACHED -> LabFact.Attached.class;
            case DETACHED -> LabFact.Detached.class;
        };
    }

    /** A list written as one space-separated string on the line ({@code "workers":"w1 w3"}), not as an array. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    @interface Joined {}

    /**
     * A record written whole, as a JSON object of its components ({@code "lock":{"label":"redis","kind":"redis",...}}),
     * where a mode's lock is otherwise written as its kind alone.
     */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    @interface Whole {}

    /** A flag the line carries only when it is true ({@code "fallback":true}), absent otherwise. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    @interface OnlyWhenTrue {}
}
