package lab.tui;

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
        g.putString(col, row, text);
        Palette.reset(g);
        return col + text.length();
    }

    /** {@code s} cut or padded to exactly {@code width} columns. */
    static String fit(String s, int width) {
        if (width <= 0) {
            return "";
        }
        return s.length() >= width ? s.substring(0, width) : s + " ".repeat(width - s.length());
    }

    /**
     * {@code s} broken into lines of at most {@code width} columns, at spaces where it can be; a word longer than a
     * line (a Redis owner with its UUID) is cut across lines rather than lost past the edge.
     */
    static List<String> wrap(String s, int width) {
        List<String> lines = new ArrayList<>();
        if (width <= 0) {
            return lines;
        }
        StringBuilder line = new StringBuilder();
        for (String word : s.trim().split(" +")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
            while (line.length() > width) {
                lines.add(line.substring(0, width));
                line.delete(0, width);
            }
        }
        if (line.length() > 0 || lines.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** {@code s} as it is when it fits in {@code width} columns, else cut and ended with an ellipsis. */
    static String cut(String s, int width, Glyphs glyphs) {
        if (s.length() <= width) {
            return s;
        }
        String more = glyphs.ellipsis();
        return width <= more.length()
                ? s.substring(0, Math.max(0, width))
                : s.substring(0, width - more.length()) + more;
    }

    static String right(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
