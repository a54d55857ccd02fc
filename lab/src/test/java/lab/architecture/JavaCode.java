package lab.architecture;

/** Java source with its comments, string and character literals and text blocks blanked, lines kept. */
final class JavaCode {
    private JavaCode() {}

    static String withoutCommentsAndLiterals(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (src.startsWith("//", i)) {
                i = skip(src, i, src.indexOf('\n', i), out, 0);
            } else if (src.startsWith("/*", i)) {
                i = skip(src, i, src.indexOf("*/", i + 2), out, 2);
            } else if (src.startsWith("\"\"\"", i)) {
                i = skip(src, i, src.indexOf("\"\"\"", i + 3), out, 3);
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && src.charAt(j) != c) {
                    j += src.charAt(j) == '\\' ? 2 : 1;
                }
                i = skip(src, i, j, out, 1);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Blanks {@code [from, end + tail)}, keeping its line breaks so that lines still count; answers where to go on. */
    private static int skip(String src, int from, int end, StringBuilder out, int tail) {
        int to = end < 0 ? src.length() : Math.min(src.length(), end + tail);
        for (int k = from; k < to; k++) {
            out.append(src.charAt(k) == '\n' ? '\n' : ' ');
        }
        return to;
    }
}
