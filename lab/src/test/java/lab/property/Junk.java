package lab.property;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/** The raw material of bad input: characters people and tools put where they should not, and numbers too big. */
public final class Junk {
    /** YAML's and JSON's syntax, quotes, escapes, blanks: what breaks a structure. */
    public static final String SYNTAX = ":{}[]-,&*!|>'\"#%@?`=\\~ \t";

    /** Text from elsewhere: accents, CJK, right-to-left, combining marks, emoji, a byte-order mark, zero width. */
    private static final List<String> WORLD = List.of(
            "é", "ß", "ø", "中", "文", "配置", "ミ", "한", "ع", "\u200F", "\u202E", "\u0301", "\u200B", "\uFEFF", "😀", "𝒳",
            "Ω", "ﬁ", "١", "²", "½", "\u00A0", "\u3000");

    /** Line ends and controls of every kind. */
    private static final List<String> CONTROLS =
            List.of("\n", "\r", "\r\n", "\u0000", "\u0007", "\u001B[31m", "\u007F", "\u0085", "\u2028", "\u2029");

    private static final List<String> HUGE = List.of(
            "99999999999999999999",
            "9223372036854775808",
            "-9223372036854775809",
            "1e309",
            "-1e309",
            "0x7fffffffffffffff",
            "1" + "0".repeat(400),
            "NaN",
            "Infinity",
            "-0",
            "0.0000000000000000001",
            "4294967296");

    private Junk() {}

    public static <T> T pick(RandomGenerator r, List<T> from) {
        return from.get(r.nextInt(from.size()));
    }

    /** A number no field takes: past every long, every double, or no number at all. */
    public static String hugeNumber(RandomGenerator r) {
        return pick(r, HUGE);
    }

    /** Up to {@code max} characters of mixed junk: letters, syntax, other scripts, controls. */
    public static String text(RandomGenerator r, int max) {
        int n = r.nextInt(max + 1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0, 1 -> b.append((char) ('a' + r.nextInt(26)));
                case 2 -> b.append(SYNTAX.charAt(r.nextInt(SYNTAX.length())));
                case 3 -> b.append(pick(r, WORLD));
                case 4 -> b.append(pick(r, CONTROLS));
                default -> b.append((char) ('0' + r.nextInt(10)));
            }
        }
        return b.toString();
    }

    /** Printable junk only (no controls): what still reads as one line, yet no field takes. */
    public static String printable(RandomGenerator r, int max) {
        String t = text(r, max);
        StringBuilder b = new StringBuilder();
        t.codePoints()
                .filter(c -> c >= 0x20 && c != 0x7F && !(c >= 0x80 && c < 0xA0) && c != 0x2028 && c != 0x2029)
                .forEach(b::appendCodePoint);
        return b.toString();
    }

    /** A wrong or malformed {@code Authorization} header for a server whose bearer token is {@code token} (or none). */
    public static String badBearer(RandomGenerator r, String token) {
        return pick(
                r,
                Arrays.asList(
                        null,
                        "",
                        "Bearer",
                        "Bearer ",
                        "bearer " + token,
                        "Basic " + token,
                        "Bearer " + token + "x",
                        "Bearer " + token.substring(0, token.length() - 1),
                        "Bearer " + token.toUpperCase(),
                        "Bearer " + ascii(printable(r, 30)),
                        "Bearer " + "x".repeat(8_000)));
    }

    /** Visible ASCII only: what the HTTP client lets into a header (never empty, which would be no junk at all). */
    public static String ascii(String text) {
        String t = text.codePoints()
                .filter(c -> c > 0x20 && c < 0x7F)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
        return t.isEmpty() ? "x" : t;
    }
}
