package lab.tui;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * The few non-ASCII marks the dashboard uses, and their ASCII stand-ins. A projector in a training room may sit
 * behind a terminal in the C locale, where {@code ×} comes out as {@code ?}: there {@code DUP x4} must still read.
 */
public record Glyphs(boolean unicode) {

    public static final Glyphs UNICODE = new Glyphs(true);
    public static final Glyphs ASCII = new Glyphs(false);

    public static Glyphs forCharset(Charset charset) {
        return charset.equals(StandardCharsets.UTF_8) ? UNICODE : ASCII;
    }

    /**
     * The locale's choice, as a C program would make it: {@code LC_ALL}, then {@code LC_CTYPE}, then {@code LANG};
     * when none is set, the JVM's default charset (which Java 17 derives from the same variables).
     */
    public static Glyphs fromLocale(Map<String, String> env, Charset fallback) {
        for (String name : new String[] {"LC_ALL", "LC_CTYPE", "LANG"}) {
            String value = env.get(name);
            if (value != null && !value.isEmpty()) {
                String v = value.toLowerCase(Locale.ROOT);
                return v.contains("utf-8") || v.contains("utf8") ? UNICODE : ASCII;
            }
        }
        return forCharset(fallback);
    }

    /** The charset the terminal must be written in for these glyphs to arrive intact. */
    public Charset charset() {
        return unicode ? StandardCharsets.UTF_8 : Charset.defaultCharset();
    }

    public String times() {
        return unicode ? "×" : "x";
    }

    public char barFull() {
        return unicode ? '█' : '#';
    }

    public char barEmpty() {
        return unicode ? '░' : '-';
    }

    public String separator() {
        return unicode ? " · " : " | ";
    }

    public char vertical() {
        return unicode ? '│' : '|';
    }

    public char horizontal() {
        return unicode ? '─' : '-';
    }

    public char switchMark() {
        return unicode ? '▼' : 'v';
    }

    /** Between a cause's name and its evidence. */
    public String dash() {
        return unicode ? " — " : " - ";
    }

    /** What ends a line cut short. */
    public String ellipsis() {
        return unicode ? "…" : "...";
    }

    public String arrow() {
        return unicode ? "→" : "->";
    }

    public String upDown() {
        return unicode ? "↑↓" : "up/down";
    }
}
