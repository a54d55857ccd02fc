package lab.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an inverted twin's first line says it flipped, in the one expect step where it differs from its lesson:
 * {@code # INVERTED fixture (never in scenarios/): since mode: duplicate_ticks 0 -> "> 0"; cause none -> no-lock (why)}.
 * The tests that replay a twin read from it which FAIL lines to expect; the test that compares a twin with its lesson
 * checks that it says what the file does.
 *
 * @param span     the step's span as the line names it ({@code since mode})
 * @param figure   the flipped figure's key ({@code duplicate_ticks})
 * @param from     the lesson's comparison, unquoted ({@code 0})
 * @param to       the twin's comparison, unquoted ({@code > 0})
 * @param fromCause the lesson's causes as written ({@code [lease-expired, deleted-by-other]}), or {@code none}
 * @param toCause  the twin's causes as written; a cause verdict line names them the same way
 */
public record TwinHeader(String span, String figure, String from, String to, String fromCause, String toCause) {
    private static final String VALUE = "(\"[^\"]*\"|\\S+)";
    private static final String CAUSES = "(\\[[^\\]]*\\]|[a-z-]+)";
    private static final Pattern LINE =
            Pattern.compile("# INVERTED fixture \\(never in scenarios/\\): (.+?): ([a-z_]+) " + VALUE + " -> " + VALUE
                    + "; cause " + CAUSES + " -> " + CAUSES + " \\(.+\\)");

    /** The first line of {@code twin}, read; an {@link AssertionError} naming the file when it does not say both. */
    public static TwinHeader of(Path twin) throws IOException {
        String first = Files.readAllLines(twin).get(0);
        Matcher m = LINE.matcher(first);
        if (!m.matches()) {
            throw new AssertionError(twin + ": its first line does not name the flipped figure and cause as"
                    + " '# INVERTED fixture (never in scenarios/): <span>: <figure> <old> -> <new>; cause <old or none>"
                    + " -> <new> (why)': " + first);
        }
        return new TwinHeader(
                m.group(1), m.group(2), unquoted(m.group(3)), unquoted(m.group(4)), m.group(5), m.group(6));
    }

    /** The verdict line a replay prints for the flipped figure, up to its colon: {@code FAIL duplicate_ticks:}. */
    public String figureFails() {
        return "FAIL " + figure + ":";
    }

    /** The verdict line a replay prints for the flipped cause, up to its comma: {@code FAIL cause: expected no-lock,}. */
    public String causeFails() {
        return "FAIL cause: expected " + toCause + ",";
    }

    private static String unquoted(String value) {
        return value.startsWith("\"") ? value.substring(1, value.length() - 1) : value;
    }
}
