package lab.scenario;

import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.protocol.Durations;
import lab.protocol.Lang;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Typed reads from the YAML node tree of one file; each failed read becomes a {@link ScenarioException} at the
 * node's own line and column. {@code what} names the place in the file's own words ({@code setup.workers}).
 */
final class Nodes {
    /** A key as written and the node it maps to. */
    record Entry(ScalarNode key, Node value) {}

    private final String file;

    Nodes(String file) {
        this.file = file;
    }

    ScenarioException error(Node at, String problem) {
        return at.getStartMark()
                .map(m -> new ScenarioException(file, m.getLine() + 1, m.getColumn() + 1, problem))
                .orElseGet(() -> new ScenarioException(file, 0, 0, problem));
    }

    /** The keys of a mapping in the order written; a key outside {@code allowed} or written twice is an error. */
    Map<String, Entry> entries(Node node, String what, Collection<String> allowed, String expected)
            throws ScenarioException {
        return entries(node, what, allowed, expected, "key");
    }

    /** As above; {@code noun} names what an unknown key would have been ({@code step}, {@code figure}, {@code knob}). */
    Map<String, Entry> entries(Node node, String what, Collection<String> allowed, String expected, String noun)
            throws ScenarioException {
        if (!(node instanceof MappingNode mapping)) {
            throw error(node, (what.isEmpty() ? "" : what + ": ") + "expected " + expected + ", got " + kind(node));
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (NodeTuple t : mapping.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode key) || isNull(key)) {
                throw error(t.getKeyNode(), what + ": expected a plain key, got " + kind(t.getKeyNode()));
            }
            String name = key.getValue();
            if (!allowed.contains(name)) {
                throw error(
                        key,
                        (what.isEmpty() ? "" : what + ": ") + "unknown " + noun + " '" + name + "' (expected "
                                + String.join(", ", allowed) + nearest(name, allowed) + ")");
            }
            if (entries.containsKey(name)) {
                throw error(
                        key,
                        (what.isEmpty() ? "" : what + ": ") + "'" + name + "' is written twice (line "
                                + line(entries.get(name).key()) + " already sets it; expected each key once)");
            }
            entries.put(name, new Entry(key, t.getValueNode()));
        }
        return entries;
    }

    /** A scalar's text; {@code expected} says what the field takes, for the message. */
    String scalar(Node node, String what, String expected) throws ScenarioException {
        if (!(node instanceof ScalarNode s) || isNull(s)) {
            throw error(node, what + ": expected " + expected + ", got " + kind(node));
        }
        return s.getValue();
    }

    String text(Node node, String what) throws ScenarioException {
        String t = scalar(node, what, "text").strip();
        if (t.isEmpty()) {
            throw error(node, what + ": expected text, got an empty string");
        }
        return t;
    }

    /**
     * A text in one language or several: {@code "..."} (English) or {@code {en: "...", zh: "..."}}, English
     * required, so that a screen in any language has something to show.
     */
    Caption caption(Node node, String what) throws ScenarioException {
        if (node instanceof ScalarNode) {
            return Caption.english(text(node, what));
        }
        if (!(node instanceof MappingNode)) {
            throw error(
                    node, what + ": expected text, or texts by language such as {en: ..., zh: ...}, got " + kind(node));
        }
        List<String> codes = Arrays.stream(Lang.values()).map(Lang::code).toList();
        Map<String, Entry> byLang =
                entries(node, what, codes, "texts by language such as {en: ..., zh: ...}", "language");
        if (!byLang.containsKey("en")) {
            throw error(
                    node,
                    what + ": no 'en' text (expected {en: ..., zh: ...}; English is the one every screen"
                            + " falls back to)");
        }
        Entry zh = byLang.get("zh");
        return new Caption(
                text(byLang.get("en").value(), what + ".en"), zh == null ? null : text(zh.value(), what + ".zh"));
    }

    int wholeNumber(Node node, String what, int min, int max) throws ScenarioException {
        String expected = "a whole number from " + min + " to " + max;
        String t = scalar(node, what, expected).strip();
        if (!t.matches("\\d{1,9}") || Integer.parseInt(t) < min || Integer.parseInt(t) > max) {
            throw error(node, what + ": expected " + expected + ", got '" + t + "'");
        }
        return Integer.parseInt(t);
    }

    Duration duration(Node node, String what) throws ScenarioException {
        String t = scalar(node, what, "a duration such as 500ms, 2s, 1.5s").strip();
        try {
            return Durations.parse(t);
        } catch (IllegalArgumentException e) {
            throw error(node, what + ": " + e.getMessage());
        }
    }

    Duration positiveDuration(Node node, String what) throws ScenarioException {
        Duration d = duration(node, what);
        if (d.isZero()) {
            throw error(node, what + ": expected a duration above 0, such as 500ms or 2s");
        }
        return d;
    }

    boolean bool(Node node, String what) throws ScenarioException {
        String t = scalar(node, what, "true or false").strip();
        if (t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(t);
        }
        throw error(node, what + ": expected true or false, got '" + t + "'");
    }

    /** One of {@code choices} (lower case, as written in the file). */
    String choice(Node node, String what, Collection<String> choices) throws ScenarioException {
        String expected = String.join(" or ", choices);
        String t = scalar(node, what, expected).strip();
        if (!choices.contains(t)) {
            throw error(node, what + ": expected " + expected + ", got '" + t + "'");
        }
        return t;
    }

    /** "; did you mean 'workers'?" when one allowed key is a typo away (two edits at most). */
    static String nearest(String typed, Collection<String> allowed) {
        String best = null;
        int bestDistance = 3;
        for (String a : allowed) {
            int d = distance(typed, a);
            if (d < bestDistance) {
                best = a;
                bestDistance = d;
            }
        }
        return best == null ? "" : "; did you mean '" + best + "'?";
    }

    private static int distance(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 2 || a.length() > 64) {
            return Integer.MAX_VALUE;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int change = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + change);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    static int line(Node node) {
        return node.getStartMark().map(m -> m.getLine() + 1).orElse(0);
    }

    static boolean isNull(Node node) {
        return node instanceof ScalarNode s && Tag.NULL.equals(s.getTag()) && s.isPlain();
    }

    /** What a node is, for "expected X, got Y". */
    static String kind(Node node) {
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        if (isNull(node)) {
            return "nothing";
        }
        if (!(node instanceof ScalarNode scalar)) {
            return "a " + node.getNodeType().name().toLowerCase(Locale.ROOT);
        }
        String v = scalar.getValue();
        return "'" + (v.length() > 40 ? v.substring(0, 40) + "..." : v) + "'";
    }
}
