package lab.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.check.Figures;
import lab.check.Finding;
import lab.nemesis.FaultResult;
import lab.nemesis.Nemesis;
import lab.protocol.Event;
import lab.protocol.ModeChange;

/**
 * What a scenario, a dashboard key or the soak may do to a running lab: the control door. Every action answers with
 * one line saying what it did, or why it did nothing (a fault, with a typed {@link FaultResult}); none throws for a
 * refusal, since a refused fault is part of the story.
 */
public interface LabControl {
    /** The lab's reading of the time, which a replay's marks and judgements use too. */
    Clock clock();

    /**
     * Lets {@code time} pass on the lab's clock: a replay's waits and settles. Real time in a lab; a test's lab moves a
     * virtual clock instead, so that a replay's timeline can be compared without a second of it being spent.
     */
    default void sleep(Duration time) throws InterruptedException {
        Thread.sleep(time.toMillis());
    }

    /** The time origin: every worker answered {@code /healthz} with its trigger armed. */
    Instant readyAt();

    /**
     * When every worker acknowledged the current mode; the first window after it is the first of the mode. Null
     * after a switch that some worker refused: the workers are not all in one mode.
     */
    Instant modeSince();

    /** Applies {@code change} to the spec in force and switches every worker to the result. */
    SwitchResult switchMode(ModeChange change);

    /** The fault room: every fault a key, a step or the soak does goes through it. */
    Nemesis faults();

    /** The dashboard's keys now drive this lab: a line about a server down names the key that starts it again. */
    void atTheKeys();

    /** Adds one worker in the current mode, and answers once it answers {@code /healthz}. */
    String addWorker();

    /** Stops the last worker gracefully (one is the fewest). */
    String removeWorker();

    /** Empties the counter table, as the trainer does between two demonstrations, and counts afresh from now. */
    String clearTable();

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
     * What the recording holds from {@code from} on, in order: the workers' events and the lab's own. The exam reads
     * in it what a learner's lock said of itself (an error with its file and line, a call cut after its bound).
     */
    List<Event> recorded(Instant from);

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
