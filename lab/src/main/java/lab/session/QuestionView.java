package lab.session;

import java.util.List;

/**
 * A question for the room on screen, waiting for the trainer to press the room's answer.
 *
 * @param question in the screen's language
 * @param keys the answers' keys in order, {@code ab} to {@code abcd}: the only keys that act while it is open
 * @param answers the answers in the same order, in the screen's language
 */
public record QuestionView(String question, String keys, List<String> answers) {
    public QuestionView {
        answers = List.copyOf(answers);
        if (answers.size() != keys.length()) {
            throw new IllegalArgumentException(keys.length() + " keys for " + answers.size() + " answers");
        }
    }

    /** Whether {@code c} is one of the answers' keys. */
    public boolean answersWith(char c) {
        return keys.indexOf(c) >= 0;
    }
}
