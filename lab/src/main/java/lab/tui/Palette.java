package lab.tui;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.TextGraphics;
import lab.protocol.Mode;

/**
 * Colours of roles and modes. In monochrome only bold and reverse remain, which every terminal renders and
 * NO_COLOR allows; the words on screen carry the meaning, the colour only repeats it.
 */
final class Palette {
    private final boolean color;

    Palette(boolean color) {
        this.color = color;
    }

    void apply(TextGraphics g, Role role) {
        reset(g);
        switch (role) {
            case PLAIN -> {}
            case TITLE -> g.enableModifiers(SGR.BOLD);
            case DIM -> fg(g, TextColor.ANSI.BLACK_BRIGHT);
            case GOOD -> fg(g, TextColor.ANSI.GREEN);
            case WARN -> {
                fg(g, TextColor.ANSI.YELLOW);
                g.enableModifiers(SGR.BOLD);
            }
            case BAD -> {
                fg(g, TextColor.ANSI.RED_BRIGHT);
                g.enableModifiers(SGR.BOLD);
            }
            case DUP, FLASH -> {
                g.enableModifiers(SGR.BOLD);
                if (color) {
                    g.setForegroundColor(TextColor.ANSI.WHITE_BRIGHT);
                    g.setBackgroundColor(role == Role.DUP ? TextColor.ANSI.RED : TextColor.ANSI.BLUE);
                } else {
                    g.enableModifiers(SGR.REVERSE);
                }
            }
            case KEY -> g.enableModifiers(SGR.REVERSE);
        }
    }

    /** The mode's badge: its colour as background, or reverse video in monochrome. */
    void applyBadge(TextGraphics g, String mode) {
        reset(g);
        g.enableModifiers(SGR.BOLD);
        if (color) {
            g.setForegroundColor(TextColor.ANSI.BLACK);
            g.setBackgroundColor(modeColor(mode));
        } else {
            g.enableModifiers(SGR.REVERSE);
        }
    }

    /** The mode's name in its colour, for tables and the timeline. */
    void applyModeText(TextGraphics g, String mode) {
        reset(g);
        fg(g, modeColor(mode));
    }

    static void reset(TextGraphics g) {
        g.setForegroundColor(TextColor.ANSI.DEFAULT);
        g.setBackgroundColor(TextColor.ANSI.DEFAULT);
        g.clearModifiers();
    }

    private void fg(TextGraphics g, TextColor c) {
        if (color) {
            g.setForegroundColor(c);
        }
    }

    // Red for the bug, yellow for the cure that is not one, cool colours for the real cures.
    private static TextColor modeColor(String mode) {
        return Mode.byName(mode)
                .map(m -> switch (m.hue()) {
                    case RED -> TextColor.ANSI.RED_BRIGHT;
                    case YELLOW -> TextColor.ANSI.YELLOW_BRIGHT;
                    case CYAN -> TextColor.ANSI.CYAN_BRIGHT;
                    case BLUE -> TextColor.ANSI.BLUE_BRIGHT;
                    case GREEN -> TextColor.ANSI.GREEN_BRIGHT;
                    case MAGENTA -> TextColor.ANSI.MAGENTA_BRIGHT;
                })
                .orElse(TextColor.ANSI.DEFAULT);
    }
}
