package lab.tui;

import java.util.ArrayList;
import java.util.List;
import lab.check.Finding;

/**
 * The band above the events that says why, across the whole screen: one of the checker's latest findings, by its cause's name and its
 * sentence: in English the words the summary and a failing test use, in Chinese their twin, with the same times and names.
 */
final class WhyLine {
    private WhyLine() {}

    /**
     * {@code why: released-early — tick 04:00:30 ran twice: …} for the newest of {@code findings} (never empty), or
     * {@code why 2/7: …} for the one {@code back} steps before it; cut to {@code width}.
     */
    static String text(List<Finding> findings, int back, int width, Look look) {
        int n = findings.size();
        int b = Math.floorMod(back, n);
        Finding f = findings.get(n - 1 - b);
        String why = look.say("why", "原因");
        String label = (n == 1 ? why : why + " " + (b + 1) + "/" + n) + look.say(": ", "：");
        Glyphs glyphs = look.glyphs();
        String cause = f.cause().wireName() + look.say("", "（" + CauseWords.zh(f.cause()) + "）");
        // Fitted before it is cut: a stand-in may be wider than its mark, and the cut counts the cells shown.
        return Pen.cut(glyphs.fit(label + cause + glyphs.dash() + f.sentence(look.lang())), width, glyphs);
    }

    /**
     * The same text wrapped at spaces onto at most {@code rows} lines of {@code width}; the last cut with an ellipsis
     * when the sentence is longer still. A sentence with its evidence rarely fits one line of a small screen.
     */
    static List<String> lines(List<Finding> findings, int back, int width, int rows, Look look) {
        List<String> wrapped = Pen.wrap(text(findings, back, Integer.MAX_VALUE, look), width);
        if (wrapped.size() <= rows) {
            return wrapped;
        }
        List<String> out = new ArrayList<>(wrapped.subList(0, rows - 1));
        String rest = String.join(" ", wrapped.subList(rows - 1, wrapped.size()));
        out.add(Pen.cut(rest, width, look.glyphs()));
        return out;
    }

    /** Ticks that ran twice or not at all in the duplicate mark's colour; an overlap as a plain bad figure. */
    static Role role(List<Finding> findings, int back) {
        Finding f = findings.get(findings.size() - 1 - Math.floorMod(back, findings.size()));
        return f.kind() == Finding.Kind.OVERLAP ? Role.BAD : Role.DUP;
    }
}
