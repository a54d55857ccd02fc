package lab.protocol;

/**
 * Text that a person typed or a library said, made fit for one line of a terminal or a log: whatever was in a
 * value (a line break pasted into a flag, a control character in a fuzzed file) is shown, escaped, and never breaks
 * the one-line contract of an error.
 */
public final class Printable {
    private Printable() {}

    /**
     * Line breaks folded to spaces, other controls (and the Unicode line and paragraph separators, and a stray
     * byte-order mark) escaped as {@code \\uXXXX}, runs of spaces folded, ends stripped.
     */
    public static String oneLine(String text) {
        StringBuilder b = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c == '\n' || c == '\r') {
                b.append(' ');
            } else if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029 || c == 0xFEFF) {
                b.append(String.format("\\u%04x", c));
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.toString().replaceAll(" {2,}", " ").strip();
    }
}
