package lab.scenario;

import java.util.List;
import lab.session.LabControl;

/** Hears a replay as it goes: the headless printer writes lines, the dashboard updates its caption bar. */
public interface ReplayListener {
    /** The replay is about to play its first step against {@code lab}. */
    default void attached(LabControl lab) {}

    /** Step {@code index} (from 1) of {@code total} begins. */
    void step(int index, int total, Step step);

    void caption(Caption text);

    /** What the lab answered to a mode, fault or server step. */
    void action(String result);

    void verdict(Verdict verdict);

    /** An expect step judged on the table, after its verdicts were told: what it judged, for a report of its own. */
    default void judged(Judged judged) {}

    /**
     * A verdict of the variant judged on the same run ({@code --also-judge}): same steps, other expectations. It does
     * not count towards the replay's own.
     */
    default void alsoVerdict(Verdict verdict) {}

    /** A question for the room is asked: the dashboard shows it and takes the vote, a headless run prints it. */
    default void predict(Step.Predict question) {}

    /** The expect judged after {@code question} was asked: what it found decides the question. */
    default void reveal(Step.Predict question, List<Verdict> judged) {}
}
