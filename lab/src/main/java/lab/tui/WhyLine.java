package lab.tui;

import java.util.List;
import lab.check.Finding;

/**
 * The band above the events that says why, across the whole screen: one of the checker's latest findings, by its cause's name and its
 * sentence, in the words the summary and a failing test use.
 */
final class WhyLine {
    private WhyLine() {}

    /**
     * {@code why: released-early — tick 04:00:30 ran twice: …} for the newest of {@code findings} (never empty), or
     * {@code why 2/7: …} for the one {@code back} steps before it; cut to {@code width}.
     */
    static String text(List<Finding> findings, int back, int width, Glyphs glyphs) {
        int n = findings.size();
        int b = Math.floorMod(back, n);
        Finding f = findings.get(n - 1 - b);
        String label = n == 1 ? "why" : "why " + (b + 1) + "/" + n;
        String line = label + ": " + f.cause().wireName() + glyphs.dash() + f.sentence();
        return Pen.cut(line, width, glyphs);
    }

    /**
     * The same text wrapped at spaces onto at most {@code rows} lines of {@code width}; the last cut with an ellipsis
     * when the sentence is longer still. A sentence with its evidence rarely fits one line of a small screen.
     */
    static List<String> lines(List<Finding> findings, int back, int width, int rows, Glyphs glyphs) {
        String rest = text(findings, back, Integer.MAX_VALUE, glyphs);
        List<String> out = new java.util.ArrayList<>();
        while (!rest.isEmpty() && out.size() < rows - 1 && rest.length() > width) {
            int cut = rest.lastIndexOf(' ', width);
            cut = cut <= 0 ? width : cut;
            out.add(rest.substring(0, cut));
            rest = rest.substring(cut).stripLeading();
        }
        if (!rest.isEmpty()) {
            out.add(Pen.cut(rest, width, glyphs));
        }
        return out;
    }

    /** Ticks that ran twice or not at all in the duplicate mark's colour; an overlap as a plain bad figure. */
    static Role role(List<Finding> findings, int back) {
        Finding f = findings.get(findings.size() - 1 - Math.floorMod(back, findings.size()));
        return f.kind() == Finding.Kind.OVERLAP ? Role.BAD : Role.DUP;
    }
}
