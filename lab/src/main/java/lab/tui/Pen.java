package lab.tui;

import com.googlecode.lanterna.TerminalTextUtils;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes text into one panel's region. The region is a clipped sub-graphics, so text that runs past its edge is
 * cut rather than spilling into the neighbour panel.
 */
final class Pen {
    private final TextGraphics g;
    private final Palette palette;
    private final Glyphs glyphs;

    Pen(TextGraphics g, Look look) {
        this.g = g;
        this.palette = new Palette(look.color());
        this.glyphs = look.glyphs();
    }

    int width() {
        return g.getSize().getColumns();
    }

    int height() {
        return g.getSize().getRows();
    }

    Glyphs glyphs() {
        return glyphs;
    }

    /** Writes {@code text} and returns the column just after it, so that callers can chain pieces on one line. */
    int put(int col, int row, String text, Role role) {
        palette.apply(g, role);
        return write(col, row, text);
    }

    int putBadge(int col, int row, String text, String mode) {
        palette.applyBadge(g, mode);
        return write(col, row, text);
    }

    int putMode(int col, int row, String text, String mode) {
        palette.applyModeText(g, mode);
        return write(col, row, text);
    }

    /** Blanks the whole region, so a panel drawn over another (the help box) hides what was under it. */
    void clear() {
        Palette.reset(g);
        g.fill(' ');
    }

    private int write(int col, int row, String text) {
        // Texts from outside the dashboard (the checker's sentences, the workers' details) carry marks of their own.
        String fitted = glyphs.fit(text);
        g.putString(col, row, fitted);
        Palette.reset(g);
        return col + cells(fitted);
    }

    /**
     * The terminal cells {@code s} takes: a CJK character takes two. Every width on the dashboard is counted in
     * cells, never in string length, or a Chinese label pushes its row's columns out of line.
     */
    static int cells(String s) {
        return TerminalTextUtils.getColumnWidth(s);
    }

    /** The longest start of {@code s} that fits in {@code width} cells (a wide character is never cut in half). */
    static String head(String s, int width) {
        int used = 0;
        int i = 0;
        while (i < s.length()) {
            int w = TerminalTextUtils.isCharDoubleWidth(s.charAt(i)) ? 2 : 1;
            if (used + w > width) {
                break;
            }
            used += w;
            i++;
        }
        return s.substring(0, i);
    }

    /** {@code s} cut or padded to exactly {@code width} cells. */
    static String fit(String s, int width) {
        if (width <= 0) {
            return "";
        }
        String head = head(s, width);
        return head + " ".repeat(width - cells(head));
    }

    /**
     * {@code s} broken into lines of at most {@code width} cells, at spaces where it can be; a word longer than a
     * line (a Redis owner with its UUID, or a Chinese sentence, which has no spaces to break at) is cut across lines
     * rather than lost past the edge.
     */
    /** Punctuation that closes what comes before it, and so may not start a line of Chinese (GB/T 15834). */
    private static final String NO_LINE_START = "。，、；：！？）」』》”";

    static List<String> wrap(String s, int width) {
        List<String> lines = new ArrayList<>();
        if (width <= 0) {
            return lines;
        }
        StringBuilder line = new StringBuilder();
        for (String word : s.trim().split(" +")) {
            // Chinese breaks between any two characters, and a word wider than a line is cut anyway: both start on
            // the line in hand rather than leave it short.
            // (A short mixed token such as "x=进程不在" still moves whole: cut, it would read as two.)
            boolean breakable = cells(word) > width || (cells(word) > word.length() && cells(word) > width / 2);
            if (line.length() > 0 && !breakable && cells(line.toString()) + 1 + cells(word) > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
            while (cells(line.toString()) > width) {
                String head = head(line.toString(), width);
                if (head.isEmpty()) {
                    head = line.substring(0, 1); // a wide character on a one-cell line: it overflows, or nothing ends
                }
                // A Chinese full stop or comma never begins a line: the character before it goes down with it.
                while (head.length() > 1
                        && head.length() < line.length()
                        && NO_LINE_START.indexOf(line.charAt(head.length())) >= 0) {
                    head = head.substring(0, head.length() - 1);
                }
                lines.add(head.stripTrailing());
                line.delete(0, head.length());
                while (line.length() > 0 && line.charAt(0) == ' ') {
                    line.deleteCharAt(0);
                }
            }
        }
        if (line.length() > 0 || lines.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** {@code s} as it is when it fits in {@code width} cells, else cut and ended with an ellipsis. */
    static String cut(String s, int width, Glyphs glyphs) {
        if (cells(s) <= width) {
            return s;
        }
        String more = glyphs.ellipsis();
        return width <= cells(more) ? head(s, Math.max(0, width)) : head(s, width - cells(more)) + more;
    }

    static String right(String s, int width) {
        int c = cells(s);
        return c >= width ? s : " ".repeat(width - c) + s;
    }
}
