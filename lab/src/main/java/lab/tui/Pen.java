package lab.tui;

import com.googlecode.lanterna.graphics.TextGraphics;

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

    static String right(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
