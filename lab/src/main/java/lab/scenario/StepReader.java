package lab.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import lab.check.Cause;
import lab.nemesis.Fault;
import lab.nemesis.ServerName;
import lab.nemesis.WorkerFault;
import lab.nemesis.WorkerTarget;
import lab.protocol.Hosts;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads the {@code steps} list in order, carrying what an earlier step makes legal for a later one: the marks
 * already set, whether a {@code mode} step came before, the knobs in force.
 */
final class StepReader {
    /** The step names, in the order the format's page lists them: faults and servers by their own enums' words. */
    static final List<String> STEPS = Stream.of(
                    Stream.of("say", PredictReader.NAME, "wait", "expect", "mode", "mark"),
                    WorkerFault.WORDS.stream(),
                    Stream.of(SkewStep.NAME, "partition", "heal"),
                    Arrays.stream(ServerName.values()).map(ServerName::toString))
            .flatMap(s -> s)
            .toList();

    private static final String MARK_NAME = "[A-Za-z0-9][A-Za-z0-9_.-]{0,39}";

    private final Nodes nodes;
    private final Setup setup;
    private final Set<String> marks = new HashSet<>();
    private ModeSpec spec;
    private boolean modeSwitched;

    StepReader(Nodes nodes, Setup setup) {
        this.nodes = nodes;
        this.setup = setup;
        this.spec = setup.spec();
    }

    List<Step> read(Node node) throws ScenarioException {
        if (!(node instanceof SequenceNode list)) {
            throw nodes.error(
                    node, "steps: expected a list of steps ('- say: ...', '- wait: 5s', ...), got " + Nodes.kind(node));
        }
        if (list.getValue().isEmpty()) {
            throw nodes.error(node, "steps: the list is empty (expected at least one step)");
        }
        List<Step> steps = new ArrayList<>();
        for (Node item : list.getValue()) {
            steps.add(step(item));
        }
        return steps;
    }

    private Step step(Node item) throws ScenarioException {
        Map<String, Nodes.Entry> entries =
                nodes.entries(item, "step", STEPS, "a step such as 'say: ...' or 'wait: 5s'", "step");
        if (entries.isEmpty()) {
            throw nodes.error(item, "step: empty (expected one of " + String.join(", ", STEPS) + ")");
        }
        if (entries.size() > 1) {
            ScalarNode second =
                    entries.values().stream().skip(1).findFirst().orElseThrow().key();
            throw nodes.error(
                    second,
                    "step: one step per item, '" + second.getValue() + "' follows '"
                            + entries.keySet().iterator().next() + "' (expected a new '- " + second.getValue()
                            + ": ...' item)");
        }
        String name = entries.keySet().iterator().next();
        Node value = entries.get(name).value();
        int line = Nodes.line(item);
        return switch (name) {
            case "say" -> new Step.Say(line, nodes.caption(value, "say"));
            case PredictReader.NAME -> PredictReader.read(nodes, line, value);
            case "wait" -> new Step.Wait(line, nodes.positiveDuration(value, "wait"));
            case "expect" -> expect(line, value);
            case "mode" -> switchMode(line, value);
            case "mark" -> mark(line, value);
            case "partition", "heal" -> network(line, name, value);
            case SkewStep.NAME -> SkewStep.read(nodes, setup, line, value);
            default -> serverOrFault(line, name, value);
        };
    }

    private Step serverOrFault(int line, String name, Node value) throws ScenarioException {
        for (ServerName server : ServerName.values()) {
            if (server.toString().equals(name)) {
                String word = nodes.choice(
                        value,
                        name,
                        Stream.concat(Stream.of("stop", "start"), Fault.ServerRestart.WORDS.stream())
                                .toList());
                return new Step.Fault(
                        line,
                        switch (word) {
                            case "stop" -> new Fault.ServerStop(server);
                            case "start" -> new Fault.ServerStart(server);
                            default -> new Fault.ServerRestart(server, !word.equals("restart"));
                        });
            }
        }
        return fault(line, name, value);
    }

    private Step expect(int line, Node value) throws ScenarioException {
        List<String> keys = new ArrayList<>(List.of("since", "cause"));
        for (Figure f : Figure.values()) {
            keys.add(f.key());
        }
        Map<String, Nodes.Entry> entries =
                nodes.entries(value, "expect", keys, "a mapping of figures such as { duplicate_ticks: 0 }", "figure");
        Since since = entries.containsKey("since") ? since(entries.get("since").value()) : Since.START;
        List<Expectation> expectations = new ArrayList<>();
        for (Map.Entry<String, Nodes.Entry> e : entries.entrySet()) {
            if (!e.getKey().equals("since") && !e.getKey().equals("cause")) {
                expectations.add(expectation(
                        Figure.byKey(e.getKey()).orElseThrow(), e.getValue().value()));
            }
        }
        CauseExpectation cause =
                entries.containsKey("cause") ? cause(entries.get("cause").value()) : null;
        if (expectations.isEmpty() && cause == null) {
            throw nodes.error(
                    value, "expect: no figure to judge (expected one or more of " + Figure.keys() + ", or cause)");
        }
        return new Step.Expect(line, since, expectations, cause);
    }

    /** {@code cause: released-early} or {@code cause: [lease-expired, deleted-by-other]}. */
    private CauseExpectation cause(Node node) throws ScenarioException {
        String expected = "a cause or a list of causes (" + Cause.names() + ")";
        List<Node> items = node instanceof SequenceNode seq ? seq.getValue() : List.of(node);
        if (items.isEmpty()) {
            throw nodes.error(node, "expect.cause: the list is empty (expected " + expected + ")");
        }
        List<Cause> causes = new ArrayList<>();
        for (Node item : items) {
            String name = nodes.scalar(item, "expect.cause", expected).strip();
            causes.add(Cause.byName(name)
                    .orElseThrow(() -> nodes.error(
                            item,
                            "expect.cause: '" + name + "' is not a cause (expected one of " + Cause.names() + ")")));
        }
        int[] at = node.getStartMark()
                .map(m -> new int[] {m.getLine() + 1, m.getColumn() + 1})
                .orElse(new int[2]);
        return new CauseExpectation(causes, at[0], at[1]);
    }

    private Expectation expectation(Figure figure, Node node) throws ScenarioException {
        String what = "expect." + figure.key();
        String expected = "a count such as 0, or a comparison in quotes: \"> 0\", \">= 2\", \"<= 1\", \"!= 0\"";
        String t = nodes.scalar(node, what, expected);
        Comparison c = Comparison.parse(t)
                .orElseThrow(() -> nodes.error(
                        node, what + ": '" + t.strip() + "' is not a comparison (expected " + expected + ")"));
        int[] at = node.getStartMark()
                .map(m -> new int[] {m.getLine() + 1, m.getColumn() + 1})
                .orElse(new int[2]);
        return new Expectation(figure, c, at[0], at[1]);
    }

    private Since since(Node node) throws ScenarioException {
        String t =
                nodes.scalar(node, "expect.since", "start, mode or mark:<name>").strip();
        if (t.equals("start")) {
            return Since.START;
        }
        if (t.equals("mode")) {
            if (!modeSwitched) {
                throw nodes.error(
                        node,
                        "expect.since: 'mode' but no mode step comes before this expect"
                                + " (expected start, or a '- mode: ...' step earlier)");
            }
            return Since.MODE;
        }
        String name = t.startsWith("mark:") ? t.substring("mark:".length()).strip() : t;
        if (!marks.contains(name)) {
            throw nodes.error(
                    node,
                    "expect.since: no mark '" + name + "' before this expect (expected start, mode"
                            + (marks.isEmpty()
                                    ? ""
                                    : ", or mark:"
                                            + String.join(
                                                    ", mark:",
                                                    marks.stream().sorted().toList()))
                            + ")");
        }
        return Since.mark(name);
    }

    private Step switchMode(int line, Node value) throws ScenarioException {
        Map<String, Nodes.Entry> entries;
        if (value instanceof ScalarNode scalar && !Nodes.isNull(scalar)) {
            entries = Map.of("mode", new Nodes.Entry(scalar, scalar));
        } else {
            entries = nodes.entries(
                    value,
                    "mode",
                    KnobReader.liveKeys(),
                    "a mode name, or knobs such as { mode: redis, lock-ttl: 1s }",
                    "knob");
            if (entries.isEmpty()) {
                throw nodes.error(
                        value,
                        "mode: no knob to change (expected one or more of " + String.join(", ", KnobReader.liveKeys())
                                + ")");
            }
        }
        ModeChange change = KnobReader.change(nodes, entries, "mode");
        spec = KnobReader.applied(nodes, value, entries, change, spec, "mode");
        modeSwitched = true;
        return new Step.ChangeMode(line, change);
    }

    private Step mark(int line, Node value) throws ScenarioException {
        String name = nodes.scalar(value, "mark", "a name such as before-kill").strip();
        if (!name.matches(MARK_NAME) || name.equals("start") || name.equals("mode")) {
            throw nodes.error(
                    value,
                    "mark: '" + name + "' cannot name a mark (expected letters, digits, '-', '_'"
                            + " or '.', up to 40, and neither start nor mode)");
        }
        if (!marks.add(name)) {
            throw nodes.error(value, "mark: '" + name + "' is already set earlier (expected a new name)");
        }
        return new Step.Mark(line, name);
    }

    private Step network(int line, String name, Node value) throws ScenarioException {
        String range = "holder or a host " + (setup.hosts() <= 2 ? "host1, host2" : "host1..host" + setup.hosts());
        if (setup.hosts() < 2) {
            throw nodes.error(
                    value,
                    name + ": needs hosts to cut apart (expected setup.hosts: 2 or more, and requires: netns; setup"
                            + " has 1 host)");
        }
        String t = nodes.scalar(value, name, range).strip();
        if (t.equals(WorkerTarget.HOLDER)) {
            return networkStep(line, name, t);
        }
        for (int i = 1; i <= setup.hosts(); i++) {
            if (t.equals(Hosts.name(i))) {
                return networkStep(line, name, t);
            }
        }
        throw nodes.error(
                value,
                name + ": no host '" + t + "' in this scenario (expected " + range + ": setup has " + setup.hosts()
                        + " hosts)");
    }

    private static Step networkStep(int line, String name, String host) {
        return new Step.Fault(line, name.equals("partition") ? new Fault.Partition(host) : new Fault.Heal(host));
    }

    private Step fault(int line, String kind, Node value) throws ScenarioException {
        String range = setup.workers() == 1 ? "w1" : "w1..w" + setup.workers();
        String t = nodes.scalar(value, kind, "holder or a worker id " + range).strip();
        if (t.equals(WorkerTarget.HOLDER)) {
            return new Step.Fault(
                    line, WorkerFault.named(kind, WorkerTarget.holder()).orElseThrow());
        }
        for (int i = 1; i <= setup.workers(); i++) {
            if (t.equals("w" + i)) {
                return new Step.Fault(
                        line, WorkerFault.named(kind, WorkerTarget.of(t)).orElseThrow());
            }
        }
        throw nodes.error(
                value,
                kind + ": no worker '" + t + "' in this scenario (expected holder or " + range + ": setup has "
                        + setup.workers() + (setup.workers() == 1 ? " worker)" : " workers)"));
    }
}
