package lab.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * {@code predict: { question: ..., answers: { a: ..., b: ... }, answer: b }}: a question for the room, two to four
 * answers keyed a, b, c, d in that order (the keys the trainer presses for the room's vote), and the right one.
 */
final class PredictReader {
    static final String NAME = "predict";
    private static final String EXPECTED =
            "a mapping such as { question: ..., answers: { a: ..., b: ... }, answer: b }";
    private static final String KEYS = "abcd";

    private PredictReader() {}

    static Step read(Nodes nodes, int line, Node value) throws ScenarioException {
        Map<String, Nodes.Entry> e = nodes.entries(value, NAME, List.of("question", "answers", "answer"), EXPECTED);
        for (String needed : List.of("question", "answers", "answer")) {
            if (!e.containsKey(needed)) {
                throw nodes.error(value, NAME + ": no " + needed + " (expected " + EXPECTED + ")");
            }
        }
        Caption question = nodes.caption(e.get("question").value(), NAME + ".question");
        Node list = e.get("answers").value();
        Map<String, Nodes.Entry> byKey = nodes.entries(
                list,
                NAME + ".answers",
                List.of("a", "b", "c", "d"),
                "two to four answers keyed a, b, c, d, such as { a: ..., b: ... }",
                "answer key");
        StringBuilder keys = new StringBuilder();
        Map<Character, Caption> answers = new LinkedHashMap<>();
        for (Map.Entry<String, Nodes.Entry> a : byKey.entrySet()) {
            keys.append(a.getKey());
            answers.put(a.getKey().charAt(0), nodes.caption(a.getValue().value(), NAME + ".answers." + a.getKey()));
        }
        if (keys.length() < 2 || !KEYS.startsWith(keys.toString())) {
            throw nodes.error(
                    list,
                    NAME + ".answers: keys " + String.join(", ", keys.toString().split(""))
                            + " (expected two to four answers keyed a, b, c, d in that order: the keys the room"
                            + " votes with)");
        }
        Node right = e.get("answer").value();
        String answer = nodes.scalar(right, NAME + ".answer", "the key of the right answer, one of " + keys)
                .strip();
        if (answer.length() != 1 || keys.indexOf(answer) < 0) {
            throw nodes.error(
                    right,
                    NAME + ".answer: '" + answer + "' is not one of the answers' keys (expected one of "
                            + String.join(", ", keys.toString().split("")) + ")");
        }
        return new Step.Predict(line, question, answers, answer.charAt(0));
    }
}
