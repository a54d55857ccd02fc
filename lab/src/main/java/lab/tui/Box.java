package lab.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;

/** A framed box centred on the screen, blanking what is under it: the help box and the knob panel. */
final class Box {
    private Box() {}

    /** A pen over the whole box, frame drawn; its text goes from column 2 to {@code width - 3}. */
    static Pen centred(TextGraphics screen, Look look, int width, int height) {
        TerminalSize size = screen.getSize();
        TextGraphics box = screen.newTextGraphics(
                new TerminalPosition((size.getColumns() - width) / 2, (size.getRows() - height) / 2),
                new TerminalSize(width, height));
        Pen pen = new Pen(box, look);
        pen.clear();
        Glyphs glyphs = look.glyphs();
        String edge = "+" + String.valueOf(glyphs.horizontal()).repeat(Math.max(0, width - 2)) + "+";
        pen.put(0, 0, edge, Role.TITLE);
        pen.put(0, height - 1, edge, Role.TITLE);
        for (int y = 1; y < height - 1; y++) {
            pen.put(0, y, String.valueOf(glyphs.vertical()), Role.TITLE);
            pen.put(width - 1, y, String.valueOf(glyphs.vertical()), Role.TITLE);
        }
        return pen;
    }
}
