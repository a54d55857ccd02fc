package lab.session;

import java.util.List;

/**
 * The scenario being replayed, for the caption bar.
 *
 * @param earlier captions said before {@code caption} that a room may still be reading (oldest first), drawn dimmed
 *     above it
 * @param caption the newest caption, drawn whole; empty before the first
 * @param ending the line that says the scenario is over, beside the last caption; null while it replays
 * @param step 1-based
 * @param verdicts expectations judged so far, e.g. {@code PASS duplicate_ticks: expected 0, got 0 (over 5 ticks)}
 * @param question the question for the room while it waits for the vote, drawn over the middle; null otherwise
 * @param prediction the line that follows a question: the room's vote, then beside it the right answer once the
 *     next expectation is judged; null before the first question
 */
public record ScenarioView(
        String title,
        List<String> earlier,
        String caption,
        String ending,
        int step,
        int steps,
        List<String> verdicts,
        boolean paused,
        QuestionView question,
        String prediction) {

    public ScenarioView {
        earlier = List.copyOf(earlier);
        verdicts = List.copyOf(verdicts);
    }

    /** A view with one caption on screen, while the scenario replays. */
    public ScenarioView(String title, String caption, int step, int steps, List<String> verdicts, boolean paused) {
        this(title, List.of(), caption, null, step, steps, verdicts, paused, null, null);
    }

    /** A view with no question asked. */
    public ScenarioView(
            String title,
            List<String> earlier,
            String caption,
            String ending,
            int step,
            int steps,
            List<String> verdicts,
            boolean paused) {
        this(title, earlier, caption, ending, step, steps, verdicts, paused, null, null);
    }
}
