package lab.scenario;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.ModeSpec;
import lab.protocol.SetupSpec;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads a scenario file (format: docs/scenario-format.md). It parses to the YAML node tree rather than to maps, so
 * that every complaint carries the line and column it is about; everything that can be wrong with a file is found
 * here, before anything starts, and reported as one {@link ScenarioException} — never as a stack trace.
 */
public final class ScenarioParser {
    static final List<String> TOP = List.of("title", "lesson", "requires", "setup", "steps");

    /** What a scenario may require of the machine: network namespaces for its hosts. */
    static final List<String> REQUIREMENTS = List.of(Scenario.NETNS, Scenario.FAKETIME);
    /** A scenario is a page of YAML; anything far larger is not one, and is refused before the YAML reader. */
    static final int MAX_BYTES = 256 * 1024;

    private ScenarioParser() {}

    public static Scenario parse(Path file) throws ScenarioException {
        String name = file.toString();
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw new ScenarioException(name, 0, 0, "is a directory (expected a scenario file)");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new ScenarioException(
                        name,
                        0,
                        0,
                        "is " + Files.size(file) + " bytes (expected a scenario of at" + " most " + MAX_BYTES
                                + " bytes)");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(
                    name, 0, 0, "no such file (expected a scenario file, such as" + " scenarios/01-naive.yaml)");
        } catch (IOException e) {
            throw new ScenarioException(
                    name,
                    0,
                    0,
                    "cannot be read: " + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : " " + e.getMessage()));
        }
        return parse(name, decode(name, bytes), file);
    }

    /**
     * Whether the lesson page exists, from the lab's folder ({@code lab.home}, as run.sh passes it) or from the
     * folder above the scenario's own (scenarios/ sits beside docs/).
     */
    private static boolean lessonExists(String lesson, Path source) {
        List<Path> roots = new ArrayList<>();
        String home = System.getProperty("lab.home");
        if (home != null) {
            roots.add(Path.of(home));
        }
        Path dir = source.toAbsolutePath().getParent();
        if (dir != null && dir.getParent() != null) {
            roots.add(dir.getParent());
        }
        try {
            return roots.stream().anyMatch(r -> Files.isRegularFile(r.resolve(lesson)));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** Parses {@code text} as if read from {@code source}; {@code name} is the file name that messages start with. */
    static Scenario parse(String name, String text, Path source) throws ScenarioException {
        Nodes nodes = new Nodes(name);
        Node root = compose(name, text)
                .orElseThrow(() -> new ScenarioException(
                        name,
                        1,
                        1,
                        "the file holds no YAML document (expected a" + " mapping with title, setup and steps)"));
        Map<String, Nodes.Entry> top = nodes.entries(root, "", TOP, "a mapping with title, setup and steps");
        if (!top.containsKey("title")) {
            throw nodes.error(root, "no title (expected 'title: ...', a line that names the lesson)");
        }
        if (!top.containsKey("steps")) {
            throw nodes.error(root, "no steps (expected 'steps:' and a list of steps)");
        }
        Caption title = nodes.caption(top.get("title").value(), "title");
        Optional<String> lesson = top.containsKey("lesson")
                ? Optional.of(nodes.text(top.get("lesson").value(), "lesson"))
                : Optional.empty();
        if (lesson.isPresent() && source != null && !lessonExists(lesson.get(), source)) {
            throw nodes.error(
                    top.get("lesson").value(),
                    "lesson: no page '" + lesson.get() + "' (expected a path"
                            + " from the lab's folder, such as docs/lessons/01-naive.md)");
        }
        Setup setup = top.containsKey("setup") ? setup(nodes, top.get("setup").value()) : Setup.defaults();
        List<Step> steps = new StepReader(nodes, setup).read(top.get("steps").value());
        List<String> requires = new ArrayList<>();
        if (top.containsKey("requires")) {
            Node r = top.get("requires").value();
            List<Node> items = r instanceof SequenceNode seq ? seq.getValue() : List.of(r);
            for (Node item : items) {
                requires.add(nodes.choice(item, "requires", REQUIREMENTS));
            }
            if (requires.contains(Scenario.NETNS) && setup.hosts() < 2) {
                throw nodes.error(
                        r,
                        "requires: netns is for hosts apart (expected setup.hosts: 2 or more; setup has 1" + " host)");
            }
        }
        if (!requires.contains(Scenario.FAKETIME)) {
            SkewStep.refuseWithoutFaketime(nodes, top.get("steps").value());
        }
        return new Scenario(title, lesson, requires, setup, steps, source);
    }

    private static Setup setup(Nodes nodes, Node node) throws ScenarioException {
        Setup d = Setup.defaults();
        if (Nodes.isNull(node)) {
            return d;
        }
        KnobReader.refuseCommandLineKnobs(nodes, node);
        Map<String, Nodes.Entry> e = nodes.entries(
                node, "setup", KnobReader.setupKeys(), "a mapping such as { workers: 4, mode: naive, every: 1s }");
        // Every set-up knob by its declaration: a new one is read here with no line of its own.
        SetupSpec values = d.values();
        for (Knob<?> k : SetupSpec.knobs()) {
            if (k.scope().inSetup()) {
                values = setupValue(nodes, e, values, k);
            }
        }
        ModeSpec spec = KnobReader.applied(nodes, node, e, KnobReader.change(nodes, e, "setup"), d.spec(), "setup");
        boolean lockKeys =
                e.containsKey("lock-keys") ? nodes.bool(e.get("lock-keys").value(), "setup.lock-keys") : d.lockKeys();
        int workers = values.get(Knobs.WORKERS);
        int hosts = values.get(Knobs.HOSTS);
        if (hosts > workers) {
            throw nodes.error(
                    e.get(Knobs.HOSTS.name()).value(),
                    "setup.hosts: " + hosts + " (expected at most one host per worker: " + workers + " with workers: "
                            + workers + ")");
        }
        return new Setup(values, spec, lockKeys);
    }

    private static <T> SetupSpec setupValue(Nodes nodes, Map<String, Nodes.Entry> e, SetupSpec values, Knob<T> knob)
            throws ScenarioException {
        Nodes.Entry entry = e.get(knob.name());
        return entry == null ? values : values.with(knob, KnobReader.value(nodes, knob, entry, "setup." + knob.name()));
    }

    private static Optional<Node> compose(String name, String text) throws ScenarioException {
        LoadSettings settings = LoadSettings.builder()
                .setLabel(name)
                .setAllowDuplicateKeys(true) // duplicates are reported by Nodes, with both lines
                .setMaxAliasesForCollections(20)
                .build();
        try {
            return new Compose(settings).composeString(text);
        } catch (MarkedYamlEngineException e) {
            var mark = e.getProblemMark().or(e::getContextMark);
            String problem = "not valid YAML: " + context(e) + e.getProblem()
                    + hint(text, mark.map(m -> m.getIndex()).orElse(-1));
            throw mark.map(m -> new ScenarioException(name, m.getLine() + 1, m.getColumn() + 1, problem))
                    .orElseGet(() -> new ScenarioException(name, 0, 0, problem));
        } catch (ReaderException e) {
            int[] at = lineColumn(text, e.getPosition());
            throw new ScenarioException(
                    name,
                    at[0],
                    at[1],
                    "not valid YAML: character "
                            + String.format("U+%04X", e.getCodePoint())
                            + " is not allowed in YAML text (expected printable"
                            + " text)");
        } catch (YamlEngineException e) {
            throw new ScenarioException(name, 0, 0, "not valid YAML: " + e.getMessage());
        } catch (StackOverflowError e) {
            // The YAML reader descends once per nesting level; no scenario nests more than three deep.
            throw new ScenarioException(name, 0, 0, "not valid YAML: nested too deeply (expected a scenario)");
        }
    }

    /** "while parsing a flow mapping (opened at 4:8), " — where the construct that went wrong began. */
    private static String context(MarkedYamlEngineException e) {
        if (e.getContext() == null || e.getContext().isBlank()) {
            return "";
        }
        String at = e.getContextMark()
                .filter(c ->
                        e.getProblemMark().map(p -> p.getLine() != c.getLine()).orElse(false))
                .map(c -> " (opened at " + (c.getLine() + 1) + ":" + (c.getColumn() + 1) + ")")
                .orElse("");
        return e.getContext() + at + ", ";
    }

    /** The commonest slip: a comparison such as {@code > 0} written without quotes, which YAML reads as syntax. */
    private static String hint(String text, int index) {
        int i = index;
        while (i >= 0 && i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        boolean comparison = i >= 0 && i < text.length() && (text.charAt(i) == '>' || text.charAt(i) == '!');
        return comparison ? " (a comparison needs quotes: \"> 0\", \">= 2\", \"!= 0\")" : "";
    }

    /** Strict UTF-8: a stray byte is reported where it is, not silently replaced. */
    private static String decode(String name, byte[] bytes) throws ScenarioException {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            String before = new String(bytes, 0, in.position(), StandardCharsets.UTF_8);
            int[] at = lineColumn(before, before.codePointCount(0, before.length()));
            throw new ScenarioException(
                    name,
                    at[0],
                    at[1],
                    "not UTF-8 text: byte " + String.format("0x%02X", bytes[in.position()] & 0xFF)
                            + " (expected a text file in UTF-8)");
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    /** Line and column (from 1) of the code point at {@code position}. */
    private static int[] lineColumn(String text, int position) {
        int line = 1;
        int column = 1;
        int[] cps = text.codePoints().limit(Math.max(0, position)).toArray();
        for (int c : cps) {
            if (c == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new int[] {line, column};
    }
}
