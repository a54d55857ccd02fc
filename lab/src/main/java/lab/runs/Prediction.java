package lab.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.protocol.Lang;
import lab.scenario.Caption;
import lab.scenario.Step;
import lab.scenario.Verdict;
import lab.session.QuestionView;
import lab.session.Vote;

/**
 * The question a scenario asked the room, the room's vote, and the line that follows them on the caption bar: while
 * the question is open its box takes the answers' keys; once the next expect is judged, the line puts the room's
 * answer beside the right one, above what the expect found. Thread-safe: the replay asks and reveals, the UI votes.
 */
final class Prediction {
    private Step.Predict asked;
    private boolean open;
    /** The room's answer, or {@link Vote#NONE} before a vote or when the trainer closed the box without one. */
    private char vote = Vote.NONE;

    private String line;

    /** The replay asks {@code question}: the box opens, any earlier question's line gives way. */
    synchronized void ask(Step.Predict question, Lang lang) {
        asked = question;
        open = true;
        vote = Vote.NONE;
        // The box says how to vote; the line under the captions waits for the vote.
        line = null;
    }

    /** The trainer pressed the room's answer (or Esc); returns the log's line, or null when no question was open. */
    synchronized String vote(Vote v, Lang lang) {
        if (asked == null || !open) {
            return null;
        }
        open = false;
        if (v.none() || !asked.answers().containsKey(v.answer())) {
            line = lang.pick("No vote taken.", "没有投票。");
            return "the room did not vote";
        }
        vote = v.answer();
        line = lang.pick("The room says ", "大家的答案：") + answer(asked, vote, lang);
        return "the room votes " + answer(asked, vote, Lang.EN);
    }

    /**
     * The expect after the question was judged: the line says the room's answer and the right one; returns the log's
     * line (in {@code lang}, as the log's captions are).
     */
    synchronized String reveal(Step.Predict question, List<Verdict> judged, Lang lang) {
        open = false;
        boolean held = judged.stream().allMatch(Verdict::passed);
        String right = answer(question, question.answer(), lang);
        // The answer first, the room's beside it: on a small screen the line may be all the room reads.
        String room = vote == Vote.NONE
                ? lang.pick("No vote.", "没有投票。")
                : vote == question.answer()
                        ? lang.pick("The room said so too.", "大家也选了它。")
                        : lang.pick("The room said ", "大家选了 ") + answer(question, vote, lang) + lang.pick(".", "。");
        line = lang.pick("Answer: ", "答案：")
                + right
                + (held ? "" : lang.pick(" (not shown by this run)", "（这次运行没有表现出来）"))
                + lang.pick(". ", "。")
                + room;
        asked = null;
        vote = Vote.NONE;
        return lang.pick("answer: ", "答案：") + right;
    }

    /** The box while the question waits for its vote, else null. */
    synchronized QuestionView question(Lang lang) {
        if (asked == null || !open) {
            return null;
        }
        return new QuestionView(
                asked.question().in(lang),
                keys(asked),
                asked.answers().values().stream().map(c -> c.in(lang)).toList());
    }

    synchronized String line() {
        return line;
    }

    private static String answer(Step.Predict question, char key, Lang lang) {
        return key + ") " + question.answers().get(key).in(lang);
    }

    private static String keys(Step.Predict question) {
        StringBuilder keys = new StringBuilder();
        question.answers().keySet().forEach(keys::append);
        return keys.toString();
    }

    /** The question and its answers as the log prints them, one line each. */
    static List<String> lines(Step.Predict question, Lang lang) {
        ArrayList<String> lines = new ArrayList<>();
        lines.add("? " + question.question().in(lang));
        for (Map.Entry<Character, Caption> a : question.answers().entrySet()) {
            lines.add("    " + a.getKey() + ") " + a.getValue().in(lang));
        }
        return lines;
    }
}
