package lab.replay;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import lab.protocol.Event;
import lab.protocol.LabFact;
import lab.session.ReadingPace;
import lab.session.ScenarioView;

/**
 * A scenario's caption bar at one instant of its recording: the captions said by then (those a room may still be
 * reading dimmed above the newest), and the verdicts judged by then, as the recording words them. A recording with
 * no caption and no verdict was no scenario: no bar.
 */
final class Captions {
    private Captions() {}

    static ScenarioView at(RecordedRun r, Instant t) {
        List<Event> said = new ArrayList<>();
        List<String> verdicts = new ArrayList<>();
        int step = 1;
        int steps = 1;
        boolean scenario = false;
        boolean allHeld = true;
        for (Event e : r.events()) {
            int ofStep = e.fact() instanceof LabFact.Caption c
                    ? c.step()
                    : e.fact() instanceof LabFact.Verdict v ? v.step() : 0;
            if (ofStep == 0) {
                continue;
            }
            scenario = true;
            steps = Math.max(steps, ofStep);
            if (e.ts().isAfter(t)) {
                continue;
            }
            step = Math.max(step, ofStep);
            if (e.fact() instanceof LabFact.Verdict v) {
                verdicts.add((v.passed() ? "PASS " : "FAIL ") + v.text());
                allHeld &= v.passed();
            } else {
                said.add(e);
            }
        }
        if (!scenario) {
            return null;
        }
        List<String> earlier = new ArrayList<>();
        for (Event e : said.subList(0, Math.max(0, said.size() - 1))) {
            String text = ((LabFact.Caption) e.fact()).text();
            if (e.ts().plus(ReadingPace.DEFAULT.of(text)).isAfter(t)) {
                earlier.add(text);
            }
        }
        String caption = said.isEmpty()
                ? ""
                : ((LabFact.Caption) said.get(said.size() - 1).fact()).text();
        String ending = t.isBefore(r.end()) || verdicts.isEmpty()
                ? null
                : r.cutShort() != null
                        ? "RecordedRun cut short: the scenario did not finish."
                        : allHeld
                                ? "Scenario complete: every expectation held."
                                : "Scenario complete: an expectation failed.";
        return new ScenarioView(r.name(), earlier, caption, ending, step, steps, verdicts, false);
    }
}
