package lab.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.ModeChange;

/**
 * What a scenario or a dashboard key may do to a running lab. Every action answers with one line saying what it
 * did, or why it did nothing; none throws for a refusal, since a refused fault is part of the story.
 */
public interface LabControl {
    /** The lab's reading of the time, which a replay's marks and judgements use too. */
    Clock clock();

    /** The time origin: every worker answered {@code /healthz} with its trigger armed. */
    Instant readyAt();

    /**
     * When every worker acknowledged the current mode; the first window after it is the first of the mode. Null
     * after a switch that some worker refused: the workers are not all in one mode.
     */
    Instant modeSince();

    /** Applies {@code change} to the spec in force and switches every worker to the result. */
    SwitchResult switchMode(ModeChange change);

    /** Hurts one worker: {@code target} may be whoever holds the lock now. */
    String fault(FaultKind kind, WorkerTarget target);

    /**
     * Cuts ({@code cut}) a simulated host off from the lock servers, or heals it: {@code target} is {@code host2} or
     * {@code holder}, the host of whoever holds the lock in a tick that began at or after {@code tickFrom}.
     */
    String partition(String target, boolean cut, Instant tickFrom);

    /** Stops ({@code start} false) or starts the lab's own Redis or PostgreSQL. */
    String server(ServerName server, boolean start);

    /**
     * The figures of the complete windows in {@code [from, to)}, from the counter table, once the runs of the last
     * of them had time to write their rows.
     */
    Figures figures(Instant from, Instant to) throws Exception;

    /**
     * Every duplicate tick, overlap and missed tick of the complete windows in {@code [from, to)}, explained from
     * the recording; counted as {@link #figures} counts them.
     */
    List<Finding> explain(Instant from, Instant to) throws Exception;

    /**
     * Records a scenario's caption in the session's recording ({@code step} from 1, {@code line} in the file): what
     * the room was told belongs beside what happened, so that a recording alone can be reported.
     */
    void recordCaption(int step, int line, String text);

    /** Records the verdict of one of a scenario's expectations, as {@link #recordCaption} does a caption. */
    void recordVerdict(int step, int line, boolean passed, String text);

    /** How long after a window ends its runs may still be writing (the task time, queued behind each other). */
    Duration settle();
}
