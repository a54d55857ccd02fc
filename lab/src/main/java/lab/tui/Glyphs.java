package lab.tui;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Map;

/**
 * The few non-ASCII marks the lab prints, and their ASCII stand-ins: the one place that decides whether this
 * process's output takes UTF-8. A projector in a training room may sit behind a terminal in the C locale, and a new
 * user's {@code su -} login or a minimal container has no locale at all; there Java encodes {@code System.out} in
 * US-ASCII and {@code ×} comes out as {@code ?}: there {@code DUP x4} must still read.
 */
public record Glyphs(boolean unicode) {

    public static final Glyphs UNICODE = new Glyphs(true);
    public static final Glyphs ASCII = new Glyphs(false);

    /**
     * The marks the lab's own texts use (the checker's sentences, the locks' replies, the bench's goals), each by the
     * ASCII a reader would type for it.
     */
    private static final Map<Character, String> STAND_INS = Map.ofEntries(
            Map.entry('→', "->"),
            Map.entry('←', "<-"),
            Map.entry('↔', "<->"),
            Map.entry('↑', "^"),
            Map.entry('↓', "v"),
            Map.entry('×', "x"),
            Map.entry('µ', "u"),
            Map.entry('μ', "u"),
            Map.entry('≤', "<="),
            Map.entry('≥', ">="),
            Map.entry('≠', "!="),
            Map.entry('±', "+/-"),
            Map.entry('—', "-"),
            Map.entry('–', "-"),
            Map.entry('…', "..."),
            Map.entry('»', ">>"),
            Map.entry('«', "<<"),
            Map.entry('·', "|"),
            Map.entry('•', "*"),
            Map.entry('✓', "ok"),
            Map.entry('✗', "x"),
            Map.entry('█', "#"),
            Map.entry('░', "-"),
            Map.entry('│', "|"),
            Map.entry('─', "-"),
            Map.entry('▼', "v"),
            Map.entry('‘', "'"),
            Map.entry('’', "'"),
            Map.entry('“', "\""),
            Map.entry('”', "\""),
            Map.entry('\u00a0', " "),
            Map.entry('\u3000', " "),
            Map.entry('。', "."),
            Map.entry('、', ","));

    /** The glyphs this process's own output takes (its stdout and stderr, the dashboard's terminal). */
    public static Glyphs forThisProcess() {
        return fromLocale(System.getenv(), Charset.defaultCharset());
    }

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

    /**
     * The charset the terminal must be written in for these glyphs to arrive intact. Not the JVM's default: a locale
     * that names UTF-8 but is not installed leaves Java on US-ASCII while the terminal takes UTF-8.
     */
    public Charset charset() {
        return unicode ? StandardCharsets.UTF_8 : StandardCharsets.US_ASCII;
    }

    /**
     * {@code text} as this output can carry it: unchanged in UTF-8; in ASCII each mark by its stand-in, a letter with
     * an accent by the letter, and any other character (a Chinese word in an English sentence) as its backslash-u
     * escape, as JSON writes it: never a {@code ?}, which would read as part of the text and hide which character it
     * was.
     */
    public String fit(String text) {
        if (unicode || text.chars().allMatch(c -> c < 0x80)) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String standIn = STAND_INS.get(c);
            if (c < 0x80) {
                b.append(c);
            } else if (standIn != null) {
                b.append(standIn);
            } else if (c >= '\uff01' && c <= '\uff5e') {
                b.append((char) (c - 0xfee0)); // full-width punctuation and letters: the ASCII they are wide forms of
            } else {
                String bare = Normalizer.normalize(String.valueOf(c), Normalizer.Form.NFD);
                if (bare.charAt(0) < 0x80) {
                    b.append(bare.charAt(0));
                } else {
                    b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                }
            }
        }
        return b.toString();
    }

    /**
     * A print stream on {@code out} in {@link #charset()}, that writes in ASCII what it is given through {@link
     * #fit}: the launcher's stdout and stderr, whatever prints on them (headless lines, summaries, the bench's table,
     * a report's lines), print right in every locale.
     */
    public PrintStream printStream(OutputStream out) {
        OutputStream buffered = new BufferedOutputStream(out);
        return new PrintStream(unicode ? buffered : new AsciiOut(buffered, this), true, StandardCharsets.UTF_8);
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
