package lab.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import lab.session.LabSnapshot;

/** A snapshot drawn through a real Screen into Lanterna's virtual terminal, read back as the text a user sees. */
final class Rendered {
    static final Look COLOUR_UTF8 = new Look(true, Glyphs.UNICODE, ZoneOffset.UTC);
    static final Look COLOUR_ASCII = new Look(true, Glyphs.ASCII, ZoneOffset.UTC);
    static final Look MONO_UTF8 = new Look(false, Glyphs.UNICODE, ZoneOffset.UTC);
    static final Look COLOUR_UTF8_ZH = COLOUR_UTF8.in(lab.protocol.Lang.ZH);

    private final DefaultVirtualTerminal terminal;

    private Rendered(DefaultVirtualTerminal terminal) {
        this.terminal = terminal;
    }

    static Rendered render(LabSnapshot s) {
        return render(s, COLOUR_UTF8, 80, 24, false);
    }

    static Rendered render(LabSnapshot s, Look look, int columns, int rows, boolean help) {
        return render(s, look, columns, rows, ViewState.help(help));
    }

    static Rendered render(LabSnapshot s, ViewState view) {
        return render(s, COLOUR_UTF8, 80, 24, view);
    }

    static Rendered render(LabSnapshot s, Look look, int columns, int rows, ViewState view) {
        return drawn(columns, rows, g -> new DashboardRenderer(look).render(g, s, view));
    }

    /** Whatever {@code draw} puts on a screen of {@code columns} by {@code rows}: one panel on its own. */
    static Rendered drawn(int columns, int rows, Consumer<TextGraphics> draw) {
        DefaultVirtualTerminal terminal = new DefaultVirtualTerminal(new TerminalSize(columns, rows));
        try {
            TerminalScreen screen = new TerminalScreen(terminal);
            screen.startScreen();
            draw.accept(screen.newTextGraphics());
            screen.refresh();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Rendered(terminal);
    }

    static Rendered of(DefaultVirtualTerminal terminal) {
        return new Rendered(terminal);
    }

    List<String> lines() {
        TerminalSize size = terminal.getTerminalSize();
        List<String> lines = new ArrayList<>();
        for (int row = 0; row < size.getRows(); row++) {
            lines.add(VirtualScreen.row(terminal, row, size.getColumns()).stripTrailing());
        }
        return lines;
    }

    String text() {
        return String.join("\n", lines());
    }

    List<String> linesContaining(String fragment) {
        return lines().stream().filter(l -> l.contains(fragment)).toList();
    }

    /**
     * The terminal column (in cells, a Chinese character counting two) where {@code fragment} first starts on line
     * {@code row}; -1 when it is not there.
     */
    int cellColumn(int row, String fragment) {
        String line = lines().get(row);
        int at = line.indexOf(fragment);
        return at < 0 ? -1 : Pen.cells(line.substring(0, at));
    }

    /** The cell where {@code fragment} first starts on screen; fails the test when it is nowhere. */
    TextCharacter cellOf(String fragment) {
        List<String> lines = lines();
        for (int row = 0; row < lines.size(); row++) {
            int col = cellColumn(row, fragment);
            if (col >= 0) {
                return terminal.getCharacter(col, row);
            }
        }
        throw new AssertionError("'" + fragment + "' is not on screen:\n" + text());
    }

    /** Whether any cell on screen has a colour other than the terminal's default. */
    boolean anyColour() {
        TerminalSize size = terminal.getTerminalSize();
        for (int row = 0; row < size.getRows(); row++) {
            for (int col = 0; col < size.getColumns(); col++) {
                TextCharacter c = terminal.getCharacter(col, row);
                if (c.getForegroundColor() != TextColor.ANSI.DEFAULT
                        || c.getBackgroundColor() != TextColor.ANSI.DEFAULT) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return text();
    }
}
