package lab.architecture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The members of main code that hand a {@code Map<String, …>} across a package boundary: a public method's or
 * constructor's parameter or return type, or a public record's component (an interface's members are public
 * without the word). Each one kept is listed here with why: a library's API or the JDK demands the map, or it is
 * the JSON codec's own shape, or it is known and not typed yet (named so, so that the list only shrinks).
 */
final class StringMaps {
    private StringMaps() {}

    private static final String ENV = "the JDK's environment is one: System.getenv() and ProcessBuilder.environment()";
    private static final String NOT_YET = "not typed yet: keyed by ";

    /** "file member" → why it stays. */
    static final Map<String, String> KEPT = Map.ofEntries(
            Map.entry("course/Progress.java fileFor", ENV),
            Map.entry("protocol/Lang.java fromLocale", ENV),
            Map.entry("tui/Glyphs.java fromLocale", ENV),
            Map.entry("os/FakeTime.java environment", ENV + ", filled by bench and fleet before a fork"),
            Map.entry(
                    "protocol/Event.java fromWire",
                    "a line as jackson-jr's mapFrom reads it (the checker's tests build their events so)"),
            Map.entry("protocol/ModeSpec.java toMap", "the wire's spec object, written by jackson-jr (JSON bodies)"),
            Map.entry("protocol/ModeSpec.java merge", "a PUT /mode body as jackson-jr's mapFrom reads it"),
            Map.entry(
                    "protocol/Control.java Control",
                    NOT_YET + "knob name: the worker merges it onto its spec and refuses a bad knob in its ack"),
            Map.entry(
                    "matrix/Matrix.java Matrix",
                    "matrix.json's machine object, as jackson-jr writes and reads it; used in lab.matrix only"),
            Map.entry("matrix/CellResult.java CellResult", NOT_YET + "cause wire name; used in lab.matrix only"),
            Map.entry("check/Clocks.java Clocks", NOT_YET + "worker id; made by the launcher's attaching"),
            Map.entry("session/TimelineView.java TimelineView", NOT_YET + "worker id; drawn by the dashboard"));

    private static final Pattern PUBLIC =
            Pattern.compile("(?m)^[ \\t]*(?:@\\w+[ \\t]+)*(?:public|protected)\\s([^;{}=()]*?)\\(([^)]*)\\)[^;{]*[;{]");
    /** A member of an interface, public without the word: one or two levels in, not private. */
    private static final Pattern IN_INTERFACE =
            Pattern.compile("(?m)^ {4}(?: {4})?(?!private|return|throw|new |if |for |while |switch |case )"
                    + "((?:default\\s+|static\\s+)?(?:record\\s+\\w+|[\\w<>,?\\[\\] .]+\\s+\\w+))"
                    + "\\(([^)]*)\\)[^;{]*[;{]");

    private static final Pattern TOP_INTERFACE = Pattern.compile("(?m)^public (?:sealed )?interface ");

    /** Every member of the main sources under {@code root} that takes or gives a map keyed by strings. */
    static TreeSet<String> found(Path root) throws IOException {
        TreeSet<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String code = JavaCode.withoutCommentsAndLiterals(Files.readString(f));
                String file = root.relativize(f).toString().replace('\\', '/');
                collect(PUBLIC.matcher(code), file, out);
                if (TOP_INTERFACE.matcher(code).find()) {
                    collect(IN_INTERFACE.matcher(code), file, out);
                }
            }
        }
        return out;
    }

    private static void collect(Matcher m, String file, TreeSet<String> out) {
        while (m.find()) {
            if (m.group().contains("Map<String")) {
                String[] words = m.group(1).trim().split("\\s+");
                out.add(file + " " + words[words.length - 1]);
            }
        }
    }
}
