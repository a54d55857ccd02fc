package lab.session;

import java.util.List;

/**
 * The scenario being replayed, for the caption bar.
 *
 * @param step 1-based
 * @param verdicts expectations judged so far, e.g. {@code PASS duplicate_ticks: expected 0, got 0 (over 5 ticks)}
 */
public record ScenarioView(String title, String caption, int step, int steps, List<String> verdicts, boolean paused) {

    public ScenarioView {
        verdicts = List.copyOf(verdicts);
    }
}
